import { z } from 'zod';
import type { BattleState } from '../../battle/state.ts';
import { MAX_TEXT } from '../slash/commands.ts';
import { say, type Text } from '../../i18n/text.ts';

/**
 * Component custom ids, versioned and parsed with zod. They name what was pressed and carry no
 * authority: the press becomes the same slash command a user could type, checked as any other.
 * v1 names the option itself; v2 names its place among the voter's options, for options too long
 * for Discord's 100-character custom id (the ballot's options never change once it is open).
 */
const BallotButton = z
  .string()
  .regex(/^v[12]:ballot:[^:]+:[^:]+:[^:]+:.+$/)
  .transform((id) => {
    const [version, , battle, ballot, voter, ...option] = id.split(':');
    return { version: version!, battle: battle!, ballot: ballot!, voter: voter!, option: option.join(':') };
  });

/** Discord's limit on a custom id. */
const CUSTOM_ID_MAX = 100;

/** A ballot button's custom id: v1 with the option when it fits, else v2 with the option's place. */
export function ballotButtonId(battleId: string, ballotId: string, voterId: string, option: string, index: number): string {
  const v1 = `v1:ballot:${battleId}:${ballotId}:${voterId}:${option}`;
  return v1.length <= CUSTOM_ID_MAX ? v1 : `v2:ballot:${battleId}:${ballotId}:${voterId}:${index}`;
}

/**
 * A button that asks for text: a campaign army's orders, written in a form (a Discord modal) as the
 * button cannot carry them. `v1:orders:<campaignId>:<armyId>`, neither holding ':'.
 */
const OrdersButton = z
  .string()
  .regex(/^v1:orders:[^:]+:[^:]+$/)
  .transform((id) => {
    const [, , campaign, army] = id.split(':');
    return { campaign: campaign!, army: army! };
  });

/** The custom id of the button that opens the form for an army's orders in a campaign. */
export const ordersButtonId = (campaignId: string, armyId: string): string => `v1:orders:${campaignId}:${armyId}`;

/** What a form button asks for: the form's title, its one text field, and the slash command the text completes. */
export interface FormButton {
  campaign: string;
  army: string;
  /** The form's title (Discord: at most 45 characters, in every language). */
  title: Text;
  /** The text field's label (Discord: at most 45 characters, in every language). */
  label: Text;
  /** The option the text becomes. */
  option: 'orders';
  /** The longest text the command takes (MAX_TEXT). */
  max: number;
  invocation: { command: 'campaign'; sub: 'orders send'; options: { campaign: string; army: string } };
}

/** The form a button opens, read from its custom id alone; undefined for any other button. */
export function formButton(customId: string): FormButton | undefined {
  const b = OrdersButton.safeParse(customId);
  if (!b.success) return undefined;
  const { campaign, army } = b.data;
  return {
    campaign,
    army,
    title: say('messages.orders.formTitle'),
    label: say('messages.orders.formLabel'),
    option: 'orders',
    max: MAX_TEXT,
    invocation: { command: 'campaign', sub: 'orders send', options: { campaign, army } },
  };
}

/** The battle a button belongs to, read from its custom id alone (a form button belongs to none). */
export const buttonBattle = (customId: string): string | undefined => {
  const b = BallotButton.safeParse(customId);
  return b.success ? b.data.battle : undefined;
};

/** The slash command a button stands for, and the battle it belongs to; a v2 id's option is looked up in the battle's log. */
export async function buttonInvocation(
  customId: string,
  app: { state(battleId: string): Promise<BattleState>; battle(battleId: string): Promise<unknown> },
): Promise<{ battle: string; invocation: { command: string; sub: string; options: Record<string, unknown> } } | undefined> {
  const b = BallotButton.safeParse(customId);
  if (!b.success) return undefined;
  const { version, battle, ballot, voter, option } = b.data;
  let choice: string | undefined = option;
  if (version === 'v2') {
    const index = /^\d+$/.test(option) ? Number(option) : -1;
    const known = (await app.battle(battle)) !== undefined;
    choice = known ? (await app.state(battle)).ballots[ballot]?.voters.find((v) => v.id === voter)?.allowed[index] : undefined;
    if (choice === undefined) return undefined;
  }
  return { battle, invocation: { command: 'ballot', sub: 'vote', options: { ballot, command: voter, choice } } };
}
