import { isGm, isPlayer, type BattleState } from '../../battle/state.ts';
import { isCampaignGm, isCampaignPlayer, type CampaignState } from '../../campaign/state.ts';
import type { Who } from './commands.ts';

/**
 * Who may use a subcommand, by the roles of the channel's battle or of the campaign: what
 * service/invoke.ts checks before it runs one, and what /help lists (help.ts). Kept out of invoke.ts,
 * which imports the Umpire: the Umpire's announcements read help.ts (the phase guide), so that
 * import closed a circle.
 */

/** True when the user may use a subcommand of that role, else the reason why not. */
export function mayUse(who: Who, state: BattleState | undefined, actor: string): true | string {
  if (who === 'anyone') return true;
  if (!state) return 'There is no battle in this channel. A GM starts one with /battle create.';
  if (who === 'gm') return isGm(state, actor) || 'Only a GM of this battle may do that.';
  return isPlayer(state, actor) || 'Only a player of this battle may do that: join a side with /join.';
}

/** The same for a /campaign subcommand, by the campaign's roles. */
export function mayUseCampaign(who: Who, c: CampaignState, actor: string): true | string {
  if (who === 'gm') return isCampaignGm(c, actor) || `Only a GM of the campaign ${c.name} may do that.`;
  if (who === 'player') return isCampaignPlayer(c, actor) || `Only a player of the campaign ${c.name} may do that: join a side with /campaign join.`;
  return true;
}
