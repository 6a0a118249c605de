import { style } from '@vanilla-extract/css'

export const bare = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' })
