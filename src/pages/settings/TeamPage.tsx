/**
 * /app/setting/team, Team Members (SPEC §2.4 Account & Billing; §8 toasts): runs a `team` actor
 * (its browser side and outcome toasts: src/system/team.ts) and renders it.
 */
import { useTeamActor } from '../../system/team.ts'
import { TeamView } from './TeamView.tsx'

export function TeamPage() {
  return <TeamView actor={useTeamActor()} />
}
