import { say, type Text } from '../../i18n/text.ts';
import type { MedievalPack } from './pack-schema.ts';
import type { Recorder } from '../../rules/outcome.ts';

/**
 * The kill dice shared by firing and melee: one d10 per five figures, rounded up (MED-FIRE.1,
 * MED-MELEE.1, MED-PARTDICE.1-2); a die kills when it scores at least the needed score (MED-FIRE.2,
 * MED-MELEE.2), one figure per die. Options, applied exactly as written:
 * - part dice (MED-PARTDICE.3-5): the die for the odd 1-4 figures is a Part-Dice; a kill by it is
 *   saved by the enemy on 9+/7+/5+/3+ for 4/3/2/1 figures, one d10.
 * - automatic kills (MED-AUTOKILL.2-6, melee only): each full 15 figures exchange one of their d10
 *   for an automatic kill (15-29 figures: 1, 30-44: 2); never a part die (MED-AUTOKILL.6).
 * Dice are rolled in this order: the ordinary dice, the part die, its saving throw.
 */

export interface KillDie {
  result: number;
  kill: boolean;
}

export interface PartDie {
  rule: 'MED-PARTDICE';
  figures: number;
  result: number;
  hit: boolean;
  /** The enemy's saving throw against a hit (MED-PARTDICE.4-5). */
  save?: { rule: string; needed: number; result: number; saved: boolean };
  kill: boolean;
}

export interface KillDice {
  /** Dice the figures are entitled to before any exchange: ceil(figures / 5). */
  entitled: number;
  automaticKills: number;
  rolls: KillDie[];
  partDie?: PartDie;
  kills: number;
  steps: Text[];
}

export function rollKillDice(input: {
  figures: number;
  perDie: number;
  needed: number;
  partDice: boolean;
  autokill: boolean;
  pack: MedievalPack;
  rec: Recorder;
}): KillDice {
  const { figures, perDie, needed, pack, rec } = input;
  const steps: Text[] = [];
  const entitled = Math.ceil(figures / perDie);
  const odd = figures % perDie;
  const part = input.partDice && odd > 0 ? odd : 0;
  let ordinary = entitled - (part > 0 ? 1 : 0);
  steps.push(say('medieval.killDice.dice', { figures, entitled: String(entitled), perDie: String(perDie), part }));

  let automaticKills = 0;
  if (input.autokill) {
    // MED-AUTOKILL.3-5: each full 15 figures; MED-AUTOKILL.6: only from ordinary dice.
    const wanted = Math.floor(figures / pack.autokill.figuresPerKill);
    automaticKills = Math.min(wanted, Math.floor(ordinary / pack.autokill.diceReplaced));
    ordinary -= automaticKills * pack.autokill.diceReplaced;
    steps.push(
      wanted === 0
        ? say('medieval.killDice.noAutokill', { n: String(pack.autokill.figuresPerKill) })
        : say('medieval.killDice.autokill', { kills: automaticKills, dice: String(automaticKills * pack.autokill.diceReplaced), notTaken: wanted - automaticKills }),
    );
  }

  const rolls: KillDie[] = [];
  for (let i = 0; i < ordinary; i++) {
    const result = rec.roll(10);
    rolls.push({ result, kill: result >= needed });
  }
  if (ordinary > 0) steps.push(say('medieval.killDice.rolled', { rolls: rolls.map((r) => r.result).join(', '), needed: String(needed), kills: rolls.filter((r) => r.kill).length }));

  let partDie: PartDie | undefined;
  if (part > 0) {
    const result = rec.roll(10);
    const hit = result >= needed;
    partDie = { rule: 'MED-PARTDICE', figures: part, result, hit, kill: hit };
    if (hit) {
      const row = pack.partDice.saves.find((s) => s.figures === part);
      if (!row) throw new Error(`pack MED-PARTDICE has no saving throw for ${part} figures`);
      const save = rec.roll(pack.partDice.die);
      const saved = save >= row.saveOn;
      partDie.save = { rule: row.id, needed: row.saveOn, result: save, saved };
      partDie.kill = !saved;
      steps.push(say('medieval.killDice.partHit', { figures: part, result: String(result), saveOn: String(row.saveOn), id: row.id, save: String(save), saved: saved ? 'yes' : 'no' }));
    } else {
      steps.push(say('medieval.killDice.partMiss', { figures: part, result: String(result), needed: String(needed) }));
    }
  }

  const kills = automaticKills + rolls.filter((r) => r.kill).length + (partDie?.kill ? 1 : 0);
  steps.push(say('medieval.killDice.kills', { kills: String(kills), automatic: automaticKills }));
  return { entitled, automaticKills, rolls, ...(partDie ? { partDie } : {}), kills, steps };
}
