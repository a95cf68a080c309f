// Every refusal Orion Duel can give, as codes (the words are in the message
// catalogues, `refusal.orion.*`). `refused` only takes a listed code, so the
// list is complete by construction.
import { fail, ruleError, type Result, type RuleError } from '../game.js';

export const ORION_ERROR_CODES = [
  'orion.over',
  'orion.notText',
  'orion.cannotRead',
  'orion.emptyCell',
  'orion.noCell',
  'orion.unknownTile',
  'orion.s1NoDirection',
  'orion.s1NoDirectionWrite',
  'orion.needsDirection',
  'orion.directionBeforeTurn',
  'orion.joinWithCommas',
  'orion.noDirection',
  'orion.v3NeedsTurn',
  'orion.onlyV3Turns',
  'orion.tooManyWords',
  'orion.tooManyWordsLong',
  'orion.wrongCellCount',
  'orion.cellTwice',
  'orion.xFirst',
  'orion.notShape',
  'orion.offBoard',
  'orion.notAnObject',
  'orion.unexpectedField',
  'orion.badCellIndex',
  'orion.noTileLeft',
  'orion.covered',
  'orion.tokenMustJoin',
  'orion.illegal',
  'orion.unknownLayout',
  'orion.unknownSetup',
  'orion.noOption',
  'orion.badState',
] as const;

export type OrionErrorCode = (typeof ORION_ERROR_CODES)[number];

/** The short move form, shown in reading refusals (notation: the same in every language). */
export const MOVE_FORM = 'TILE CELL [DIR] [R|L]';

export const refusal = (
  rule: string,
  code: OrionErrorCode,
  params?: Record<string, string | number>,
  detail?: string,
): RuleError => ruleError(rule, code, params, detail);

export const refused = <T = never>(
  rule: string,
  code: OrionErrorCode,
  params?: Record<string, string | number>,
  detail?: string,
): Result<T> => fail(rule, code, params, detail);
