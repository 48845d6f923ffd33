import activate from '../../commands/activate.ts';
import ballot from '../../commands/ballot.ts';
import brigade from '../../commands/brigade.ts';
import battle from '../../commands/battle.ts';
import charge from '../../commands/charge.ts';
import command from '../../commands/command.ts';
import control from '../../commands/control.ts';
import fire from '../../commands/fire.ts';
import help from '../../commands/help.ts';
import initiative from '../../commands/initiative.ts';
import join from '../../commands/join.ts';
import melee from '../../commands/melee.ts';
import mfp from '../../commands/mfp.ts';
import move from '../../commands/move.ts';
import morale from '../../commands/morale.ts';
import night from '../../commands/night.ts';
import oob from '../../commands/oob.ts';
import orders from '../../commands/orders.ts';
import phase from '../../commands/phase.ts';
import ref from '../../commands/ref.ts';
import reveal from '../../commands/reveal.ts';
import roll from '../../commands/roll.ts';
import side from '../../commands/side.ts';
import skirmish from '../../commands/skirmish.ts';
import turn from '../../commands/turn.ts';
import unit from '../../commands/unit.ts';
import weather from '../../commands/weather.ts';
import type { CommandDef } from './commands.ts';

/** Every slash command, one file each in commands/. */
export const commands: readonly CommandDef[] = [battle, side, join, command, unit, oob, phase, turn, ballot, night, orders, initiative, activate, weather, move, charge, fire, melee, brigade, skirmish, control, morale, mfp, ref, roll, reveal, help];

export const findCommand = (name: string): CommandDef | undefined => commands.find((c) => c.name === name);
