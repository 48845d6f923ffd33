import { z } from 'zod';
import type { SystemAction } from '../battle/actions.ts';
import type { Consequences } from '../battle/decide-ballots.ts';
import type { DecideContext } from '../battle/decide.ts';
import type { BattleEvent, SystemEvent } from '../battle/events.ts';
import type { BattleState, Command, Unit } from '../battle/state.ts';

/** A rule system's id, as the registry (src/rules/index.ts) lists it: `medieval`, `percentile`. */
export type SystemId = string;

/**
 * Where a battle stands in its rule system's turn sequence.
 * `period` is used by systems whose turns differ by time of day (percentile: day, dusk, night,
 * interphase); others leave it undefined.
 */
export interface TurnPosition {
  turn: number;
  phase: number;
  period?: string;
}

/** What a phase is, and what falls due when the battle enters it. */
export interface PhaseInfo {
  /** Stable id within the system, e.g. `BRG-2`, `MED-SEQ.7`. */
  id: string;
  name: string;
  /** The phase's number as the rulebook prints it (usually its place in the turn, from 1). */
  number: number;
  /** Rule IDs of shared/rules/ that govern the phase. */
  rules: string[];
  /** Things the umpire reminds everyone of on entering the phase, e.g. "army morale check due". */
  due: string[];
}

export interface Sequence {
  /** Where a new battle starts. */
  readonly start: TurnPosition;
  /** Periods a GM may choose for the next turn (empty when the system has none). */
  readonly periods: readonly string[];
  describe(pos: TurnPosition): PhaseInfo;
  /** The phase after `pos`; wraps into the next turn after the last phase. */
  nextPhase(pos: TurnPosition): TurnPosition;
  /** The first phase of the next turn; `period` picks the next turn's period where the system has them. */
  nextTurn(pos: TurnPosition, period?: string): TurnPosition;
}

/** One unit attribute a rule system needs, as declared in its pack. */
export const AttributeSpec = z.object({
  name: z.string().regex(/^[a-z][a-z_]*$/),
  description: z.string(),
  type: z.enum(['int', 'enum', 'text']),
  required: z.boolean().default(false),
  values: z.array(z.string()).optional(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});
export type AttributeSpec = z.infer<typeof AttributeSpec>;

export type UnitAttrs = Record<string, string | number>;

/**
 * The zod schema of a unit's attributes, built from the pack's declarations so a house-ruled pack
 * changes what is accepted. Messages are written for players: "expected a positive whole number".
 */
export function unitSchema(attributes: readonly AttributeSpec[], mode: 'full' | 'partial' = 'full') {
  const shape: Record<string, z.ZodType> = {};
  for (const a of attributes) {
    let s: z.ZodType;
    if (a.type === 'int') {
      const min = a.min ?? 0;
      const what = min >= 1 ? 'a positive whole number' : min === 0 ? 'a whole number, 0 or more' : 'a whole number';
      let n = z.coerce
        .number({ error: `expected ${what}` })
        .int({ error: `expected ${what}` })
        .min(min, { error: `expected ${what}` });
      if (a.max !== undefined) n = n.max(a.max, { error: `expected ${what} up to ${a.max}` });
      s = n;
    } else if (a.type === 'enum') {
      const values = a.values ?? [];
      const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
      s = z
        .string({ error: `expected one of ${values.join(', ')}` })
        .transform((v, ctx) => {
          const hit = byLower.get(v.trim().toLowerCase());
          if (hit === undefined) {
            ctx.addIssue({ code: 'custom', message: `expected one of ${values.join(', ')} (got "${v}")` });
            return z.NEVER;
          }
          return hit;
        });
    } else {
      s = z.string({ error: 'expected text' }).trim().min(1, { error: 'expected text' });
    }
    shape[a.name] = a.required && mode === 'full' ? s : s.optional();
  }
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `unknown attribute ${iss.keys.map((k) => `"${k}"`).join(', ')}; this system's attributes are ${attributes.map((a) => a.name).join(', ')}`
        : undefined,
  });
}

/** A ruleset pack as far as setup needs it; each system's pack extends this with its charts. */
export const PackBase = z.object({
  system: z.string(),
  name: z.string(),
  source: z.string(),
  attributes: z.array(AttributeSpec).min(1),
});
export type PackBase = z.infer<typeof PackBase>;

/** Who may take an action: a GM, anyone (the action checks whose units), or the umpire by itself. */
export type Role = 'gm' | 'anyone' | 'umpire';

/** Events before a move through the sequence, where it really goes, and what falls due there. */
export interface Advance {
  to: TurnPosition;
  before: BattleEvent[];
  due: string[];
}

/** A unit as a battle report (/battle report) reads it in one state of the battle. */
export interface UnitStanding {
  /** Its strength now, in the system's unit of strength (`ReportHooks.strength`). */
  strength: number;
  /** Its strength before any loss (the roster's). */
  start: number;
  /** Its morale in the system's words: "good", "disordered", "routing", "shaken". */
  morale: string;
}

/** A melee as a battle report lists it: who fought, who came out on top by the system's rules, and a line saying so. */
export interface MeleeReport {
  units: string[];
  /** The winning unit's name; none for a tie or a melee the rules leave open. */
  winner?: string;
  text: string;
}

/**
 * What a rule system lets a battle report read from its log (/battle report, `umpire report`):
 * every unit's strength and morale in any state, and the melees its events resolved.
 */
export interface ReportHooks {
  /** What its strength counts: "figures", "steps". */
  strength: string;
  unit(s: BattleState, u: Unit): UnitStanding;
  /** The melee an event resolved, read against the state before it; undefined for any other event. */
  melee?(e: SystemEvent, s: BattleState): MeleeReport | undefined;
}

/**
 * A rule system as the battle plays it: the one interface each folder of src/rules/ implements in
 * its `plugin.ts` and the registry (src/rules/index.ts) lists. The core battle asks it and never
 * names a system. Its pure rules stay apart in the same folder and import none of this.
 */
export interface RuleSystem<S = unknown> {
  id: SystemId;
  /** Human name, e.g. "Percentage-dice fire (Napoleonic)". */
  name: string;
  /** How a refusal names the rules: "the medieval d10 rules". */
  rulesName: string;
  pack: PackBase;
  sequence: Sequence;
  /** The system's own state in a new battle: `BattleState.rules`. */
  initialState(): S;
  /** Options the players agree on at creation (`/battle create`); none when left out. */
  options?: {
    keys: readonly string[];
    /** The options given, checked (refusing with a reason) and as they are recorded. */
    check(given: Record<string, unknown>): Record<string, unknown>;
    text(options: Record<string, unknown>): string;
  };
  /** Its actions and who may take each; `decide` is asked only these. */
  actions: Readonly<Record<string, Role>>;
  decide(s: BattleState, action: SystemAction, ctx: DecideContext): BattleEvent[];
  /** Its event types; `describe` is asked only these. */
  events: readonly string[];
  /** Any event's effect on the system's state (its own, phases, units removed), on a draft the caller owns (a core record changes through `own`, draft.ts). */
  evolve(d: BattleState, e: BattleEvent): void;
  /** One line a reader of the log understands; `s` is the state before the event. */
  describe(e: SystemEvent, s: BattleState): string;
  /** A move through the sequence: events it sets off first, a destination the rules change, what falls due. */
  advance?(s: BattleState, next: Advance, period: string | undefined, nextTurn: (period: string) => TurnPosition): Advance;
  /** What a revealed ballot of one of its kinds sets off. */
  ballotConsequences?: Consequences;
  /** Lines for /battle status, for a command in it, and for /unit show. */
  statusLines?(s: BattleState): string[];
  commandLines?(s: BattleState, c: Command): string[];
  unitLines?(s: BattleState, u: Unit): string[];
  /** What a battle report reads of its units and melees; a battle of a system without it reports its melees-free log only. */
  report?: ReportHooks;
}

/**
 * A pack (or a section of one) checked against its schema as it loads: a GM's edit that breaks it
 * stops the start with the file, and each wrong entry named by its path.
 */
export function loadPack<S extends z.ZodType>(schema: S, data: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${where} is not a valid rules pack:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
