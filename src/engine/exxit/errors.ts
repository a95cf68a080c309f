// Every refusal Exxit can give, as codes (the words are in the message
// catalogues, `refusal.exxit.*`). `refused` only takes a listed code, so the
// list is complete by construction.
import { fail, ruleError, type Result, type RuleError } from '../game.js';

export const EXXIT_ERROR_CODES = [
  'exxit.over.stockEmpty',
  'exxit.over.twoPasses',
  'exxit.over.repetition',
  'exxit.over.plyLimit',
  'exxit.notAMove',
  'exxit.passNotVoluntary',
  'exxit.onlyExitDances',
  'exxit.exitDanceCompulsory',
  'exxit.danceCompulsory',
  'exxit.reserveEmpty',
  'exxit.placeNotTile',
  'exxit.placeNotEmpty',
  'exxit.stockEmpty',
  'exxit.freeNotPrisoner',
  'exxit.freeTooFewTiles',
  'exxit.notLegal',
  'exxit.danceNotTile',
  'exxit.noStack',
  'exxit.notYourStack',
  'exxit.noReach',
  'exxit.targetVoid',
  'exxit.targetPrisoners',
  'exxit.targetOwn',
  'exxit.targetTaller',
  'exxit.endsOnPrisoners',
  'exxit.notText',
  'exxit.cannotRead',
  'exxit.danceNeedsDirection',
  'exxit.noDirection',
  'exxit.prisonerCellGone',
  'exxit.noPrisonerCell',
  'exxit.noTile',
  'exxit.unknownSetup',
  'exxit.tileCount',
  'exxit.noOption',
  'exxit.badState',
] as const;

export type ExxitErrorCode = (typeof EXXIT_ERROR_CODES)[number];

/** The accepted move forms, shown in reading refusals (notation: the same in every language). */
export const MOVE_FORMS = 'P q,r | D q,r DIR | F q,r | pass';

export const refusal = (
  rule: string,
  code: ExxitErrorCode,
  params?: Record<string, string | number>,
  detail?: string,
): RuleError => ruleError(rule, code, params, detail);

export const refused = <T = never>(
  rule: string,
  code: ExxitErrorCode,
  params?: Record<string, string | number>,
  detail?: string,
): Result<T> => fail(rule, code, params, detail);
