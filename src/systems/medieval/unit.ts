import type { TroopClass } from './pack-schema.ts';

/** What the control and morale tests need to know of the testing unit (its pack attributes and state). */
export interface TestingUnit {
  /** The pack's `arm` attribute: infantry, cavalry, mounted infantry, artillery, wagons. */
  arm: string;
  class?: TroopClass;
  /** close, loose or skirmish. */
  order?: string;
  /** line, column, hedgehog, stand-of-pike, ... */
  formation?: string;
  disordered?: boolean;
  routing?: boolean;
  charging?: boolean;
  advancing?: boolean;
}
