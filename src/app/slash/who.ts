import { isGm, isPlayer, type BattleState } from '../../battle/state.ts';
import { isCampaignGm, isCampaignPlayer, type CampaignState } from '../../campaign/state.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { Who } from './commands.ts';

/**
 * Who may use a subcommand, by the roles of the channel's battle or of the campaign: what
 * service/invoke.ts checks before it runs one, and what /help lists (help.ts). Kept out of invoke.ts,
 * which imports the Umpire: the Umpire's announcements read help.ts (the phase guide), so that
 * import closed a circle.
 */

/** True when the user may use a subcommand of that role, else the reason why not. */
export function mayUse(who: Who, state: BattleState | undefined, actor: string): true | Text {
  if (who === 'anyone') return true;
  if (!state) return say('slash.who.noBattle');
  if (who === 'gm') return isGm(state, actor) || say('slash.who.gmOnly');
  return isPlayer(state, actor) || say('slash.who.playerOnly');
}

/** The same for a /campaign subcommand, by the campaign's roles. */
export function mayUseCampaign(who: Who, c: CampaignState, actor: string): true | Text {
  if (who === 'gm') return isCampaignGm(c, actor) || say('slash.who.campaignGmOnly', { campaign: c.name });
  if (who === 'player') return isCampaignPlayer(c, actor) || say('slash.who.campaignPlayerOnly', { campaign: c.name });
  return true;
}
