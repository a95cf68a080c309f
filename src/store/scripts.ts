// The Lua scripts: each runs atomically on keys of ONE hash tag (one Redis
// Cluster slot). They avoid cjson (absent from ioredis-mock's Lua VM) by keeping
// records as hashes of JSON fields and comparing only plain fields.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export class Script {
  readonly sha: string;
  constructor(
    readonly name: string,
    readonly lua: string,
  ) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  /** EVALSHA, loading the script with EVAL when the server does not know it (fresh server, failover, SCRIPT FLUSH). */
  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (e) {
      if (e instanceof Error && e.message.includes('NOSCRIPT'))
        return redis.eval(this.lua, keys.length, ...keys, ...args);
      throw e;
    }
  }
}

/**
 * KEYS: game, moves. ARGV: nFieldArgs, field/value pairs... (writeId first), moves...
 * → 1 created, 0 id taken. A record with our random writeId is our own write
 * resent after a dropped connection: 1 again, nothing rewritten. The fields
 * may include the announcement of the start (annV 1, shown 0, ann).
 */
export const GAME_CREATE = new Script(
  'gameCreate',
  `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], ARGV[2]) == ARGV[3] then return 1 end
  return 0
end
local n = tonumber(ARGV[1])
local f = {}
for i = 2, n + 1 do f[#f + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(f))
redis.call('DEL', KEYS[2])
if #ARGV > n + 1 then
  local m = {}
  for i = n + 2, #ARGV do m[#m + 1] = ARGV[i] end
  redis.call('RPUSH', KEYS[2], unpack(m))
end
return 1
`,
);

/**
 * The compare-and-set of a game (product: "every write is a compare-and-set on
 * the game's version"). KEYS: game, moves. ARGV: expectedVersion, deadline
 * (ms since epoch by Redis's clock, 0 = none), announcement owner ('' = this
 * write needs no post), the interaction its post answers ('' = none; kept in
 * the field 'reply', its older name, which stored records use), moves to
 * keep (-1 = all; a takeback trims the log in the same step as it rewinds the
 * state), nFieldArgs, field/value pairs..., moves to append... → {1, HGETALL,
 * LRANGE} | {0, reason}.
 *
 * A write past its deadline is refused ('late'): whoever sent it has stopped
 * waiting and told the player it failed, so it must not happen after all.
 *
 * Announcements (what was saved against what was posted): a write that needs
 * a post sets annV to its version and names its owner (the process posting
 * it); 'shown' is the last version whose post went out (markShown). annV >
 * shown means a post is still owed. A record from before these fields counts
 * as fully shown.
 */
export const GAME_UPDATE = new Script(
  'gameUpdate',
  `
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return {0, 'not-found'} end
v = tonumber(v)
if v ~= tonumber(ARGV[1]) then return {0, 'conflict'} end
local deadline = tonumber(ARGV[2])
if deadline > 0 then
  local t = redis.call('TIME')
  -- 1000.0: ioredis-mock's Lua has 32-bit integers; a float keeps the product exact (Redis's Lua has only doubles).
  if tonumber(t[1]) * 1000.0 + math.floor(tonumber(t[2]) / 1000) > deadline then return {0, 'late'} end
end
local n = tonumber(ARGV[6])
local f = {'version', tostring(v + 1)}
for i = 7, n + 6 do f[#f + 1] = ARGV[i] end
if ARGV[3] ~= '' then
  if not redis.call('HGET', KEYS[1], 'shown') then
    f[#f + 1] = 'shown'; f[#f + 1] = tostring(v)
    f[#f + 1] = 'shownMoves'; f[#f + 1] = tostring(redis.call('LLEN', KEYS[2]))
  end
  f[#f + 1] = 'annV'; f[#f + 1] = tostring(v + 1)
  f[#f + 1] = 'ann'; f[#f + 1] = ARGV[3]
  f[#f + 1] = 'annTries'; f[#f + 1] = '0'
  if ARGV[4] ~= '' then
    f[#f + 1] = 'reply'; f[#f + 1] = ARGV[4]
  else
    redis.call('HDEL', KEYS[1], 'reply')
  end
end
redis.call('HSET', KEYS[1], unpack(f))
local keep = tonumber(ARGV[5])
if keep == 0 then
  redis.call('DEL', KEYS[2])
elseif keep > 0 then
  redis.call('LTRIM', KEYS[2], 0, keep - 1)
end
if #ARGV > n + 6 then
  local m = {}
  for i = n + 7, #ARGV do m[#m + 1] = ARGV[i] end
  redis.call('RPUSH', KEYS[2], unpack(m))
end
return {1, redis.call('HGETALL', KEYS[1]), redis.call('LRANGE', KEYS[2], 0, -1)}
`,
);

/**
 * The post of `version` (covering `moves` moves) went out. KEYS: game.
 * ARGV: version, moves → 1 when nothing is owed any more (the interaction
 * its post answered and the owner are dropped), 0 when a later write still waits for its post, -1
 * for a missing game.
 */
export const GAME_MARK_SHOWN = new Script(
  'gameMarkShown',
  `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local annV = tonumber(redis.call('HGET', KEYS[1], 'annV') or '0')
local shown = tonumber(redis.call('HGET', KEYS[1], 'shown') or '0')
local v = tonumber(ARGV[1])
if v > shown then
  redis.call('HSET', KEYS[1], 'shown', ARGV[1], 'shownMoves', ARGV[2])
  shown = v
end
if shown >= annV then
  redis.call('HDEL', KEYS[1], 'ann', 'reply', 'annTries')
  return 1
end
return 0
`,
);

/**
 * Takes over an owed post. KEYS: game. ARGV: the owner seen ('' = none), the
 * new owner, 1 to count this as an attempt (0: a hand-over) → {1, tries,
 * the interaction ('reply')} when taken, {0} when someone else took it first or nothing is owed
 * any more.
 */
export const GAME_CLAIM_ANNOUNCEMENT = new Script(
  'gameClaimAnnouncement',
  `
local annV = tonumber(redis.call('HGET', KEYS[1], 'annV') or '0')
local shown = tonumber(redis.call('HGET', KEYS[1], 'shown') or '0')
if annV <= shown then return {0} end
if (redis.call('HGET', KEYS[1], 'ann') or '') ~= ARGV[1] then return {0} end
local tries = redis.call('HINCRBY', KEYS[1], 'annTries', tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'ann', ARGV[2])
return {1, tries, redis.call('HGET', KEYS[1], 'reply') or ''}
`,
);

/**
 * Binds a channel to a game. KEYS: channel active, channel last. ARGV: gameId,
 * expected current binding ('' = none) → {1, id} | {0, currentId}. Binding a
 * channel to the game it is bound to already succeeds (a write run twice).
 */
export const CHANNEL_BIND = new Script(
  'channelBind',
  `
local cur = redis.call('GET', KEYS[1])
-- Bound to this very game already: our own write, run once before (its answer was lost).
if cur == ARGV[1] then return {1, ARGV[1]} end
if cur and cur ~= ARGV[2] then return {0, cur} end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[1])
return {1, ARGV[1]}
`,
);

/** KEYS: k. ARGV: value → 1 when k held value and was deleted, else 0. */
export const DEL_IF_EQUAL = new Script(
  'delIfEqual',
  `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`,
);

/** KEYS: k. ARGV: value, ttl ms → 1 when k held value and now lives ttl ms more, else 0. */
export const PEXPIRE_IF_EQUAL = new Script(
  'pexpireIfEqual',
  `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`,
);

/**
 * KEYS: challenge. ARGV: pexpireAt, field/value pairs... (writeId first) → 1 created (or our own resent write), 0 id
 * taken.
 */
export const CHALLENGE_CREATE = new Script(
  'challengeCreate',
  `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], ARGV[2]) == ARGV[3] then return 1 end
  return 0
end
local f = {}
for i = 2, #ARGV do f[#f + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(f))
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return 1
`,
);

/**
 * Status change of a challenge. KEYS: challenge. ARGV: from (JSON), to (JSON),
 * now, retainUntil (ms), patch field/value pairs... An open challenge past
 * expiresAt may only become expired. → {1, HGETALL} | {0, reason[, HGETALL]}.
 */
export const CHALLENGE_TRANSITION = new Script(
  'challengeTransition',
  `
local cur = redis.call('HGET', KEYS[1], 'status')
if not cur then return {0, 'not-found'} end
if cur ~= ARGV[1] then return {0, 'conflict', redis.call('HGETALL', KEYS[1])} end
if ARGV[1] == '"open"' and ARGV[2] ~= '"expired"' then
  local exp = tonumber(redis.call('HGET', KEYS[1], 'expiresAt'))
  if exp == nil or exp <= tonumber(ARGV[3]) then return {0, 'expired', redis.call('HGETALL', KEYS[1])} end
end
local f = {'status', ARGV[2]}
for i = 5, #ARGV do f[#f + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(f))
if ARGV[2] ~= '"open"' then redis.call('PEXPIREAT', KEYS[1], ARGV[4]) end
return {1, redis.call('HGETALL', KEYS[1])}
`,
);

/** KEYS: k. ARGV: field/value pairs → {1, HGETALL} | {0} when k does not exist (never creates a partial record). */
export const PATCH_IF_EXISTS = new Script(
  'patchIfExists',
  `
if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
redis.call('HSET', KEYS[1], unpack(ARGV))
return {1, redis.call('HGETALL', KEYS[1])}
`,
);

/**
 * Applies one rated game. KEYS: applied marker, then per rating record its key
 * and its leaderboard. ARGV: outcome JSON, R, then per record: expected version,
 * userId, new rating, record JSON. → {1} applied | {0, stored outcome} already
 * applied | {2} a record moved on meanwhile (recompute and retry).
 */
export const RATING_APPLY = new Script(
  'ratingApply',
  `
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, redis.call('GET', KEYS[1])} end
local R = tonumber(ARGV[2])
for j = 1, R do
  local v = redis.call('HGET', KEYS[2 * j], 'v')
  local cur = 0
  if v then cur = tonumber(v) end
  if cur ~= tonumber(ARGV[3 + (j - 1) * 4]) then return {2} end
end
for j = 1, R do
  local b = 3 + (j - 1) * 4
  redis.call('HSET', KEYS[2 * j], 'v', tostring(tonumber(ARGV[b]) + 1), 'data', ARGV[b + 3])
  redis.call('ZADD', KEYS[2 * j + 1], ARGV[b + 2], ARGV[b + 1])
end
redis.call('SET', KEYS[1], ARGV[1])
return {1}
`,
);

/**
 * Quarantine of a damaged game, once. KEYS: game. ARGV: reason (JSON) →
 * {1, channelId field, postable field} newly marked | {0, channelId field,
 * postable field} already marked or gone ('' when absent). The caller then drops it from the indexes
 * (other slots: a script may touch one Redis Cluster slot only).
 */
export const GAME_QUARANTINE = new Script(
  'gameQuarantine',
  `
if redis.call('EXISTS', KEYS[1]) == 0 then return {0, '', ''} end
local ch = redis.call('HGET', KEYS[1], 'channelId') or ''
local postable = redis.call('HGET', KEYS[1], 'postable') or ''
local cur = redis.call('HGET', KEYS[1], 'damaged')
if cur and cur ~= 'null' then return {0, ch, postable} end
redis.call('HSET', KEYS[1], 'damaged', ARGV[1])
return {1, ch, postable}
`,
);

/**
 * Repairs a stale entry of the due index (the sweep found its game gone, not
 * active, or due later than the entry says). KEYS: due index. ARGV: gameId,
 * dueBy, wakeAt ('' removes the entry) → 1 repaired | 0 left alone: the entry
 * is gone or a write has moved it past dueBy since the sweep read it.
 */
export const DUE_REPAIR = new Script(
  'dueRepair',
  `
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not s or tonumber(s) > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
return 1
`,
);

/**
 * Compare-and-set on a settings record's version field `v` (absent, or damaged: not an integer = 0, as the reader
 * takes it, so that a write fixes it). KEYS: settings. ARGV: expected v, nSetArgs, field/value pairs..., fields to
 * delete... → 1 written (v+1) | 0 someone wrote first.
 */
export const SETTINGS_CAS = new Script(
  'settingsCas',
  `
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if not v or v % 1 ~= 0 then v = 0 end
if v ~= tonumber(ARGV[1]) then return 0 end
local n = tonumber(ARGV[2])
local f = {'v', tostring(v + 1)}
for i = 3, n + 2 do f[#f + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(f))
if #ARGV > n + 2 then
  local d = {}
  for i = n + 3, #ARGV do d[#d + 1] = ARGV[i] end
  redis.call('HDEL', KEYS[1], unpack(d))
end
return 1
`,
);

/**
 * Reply mode: claims the sending of a game's owed post, which Discord cannot deduplicate there (a follow-up carries
 * no nonce). KEYS: game. ARGV: the version the post shows. The post owed is the one of annV (or of the version shown,
 * when older): claimed once, in 'sent' → 1 claimed now (or nothing is owed: nothing to guard), 0 claimed before.
 */
export const GAME_CLAIM_REPLY_POST = new Script(
  'gameClaimReplyPost',
  `
local annV = tonumber(redis.call('HGET', KEYS[1], 'annV') or '0')
local shown = tonumber(redis.call('HGET', KEYS[1], 'shown') or '0')
local v = tonumber(ARGV[1])
if annV < v then v = annV end
if v <= shown then return 1 end
if tonumber(redis.call('HGET', KEYS[1], 'sent') or '0') >= v then return 0 end
redis.call('HSET', KEYS[1], 'sent', v)
return 1
`,
);

/** Undoes GAME_CLAIM_REPLY_POST for a post Discord refused. KEYS: game. ARGV: the version the post shows. */
export const GAME_RELEASE_REPLY_POST = new Script(
  'gameReleaseReplyPost',
  `
local annV = tonumber(redis.call('HGET', KEYS[1], 'annV') or '0')
local v = tonumber(ARGV[1])
if annV < v then v = annV end
if tonumber(redis.call('HGET', KEYS[1], 'sent') or '0') == v then redis.call('HDEL', KEYS[1], 'sent') end
return 1
`,
);

// ---------------------------------------------------------------------------
// Leased jobs: post-game reviews (store/reviews.ts) and puzzle checks (store/puzzle-checks.ts). Fields are JSON, as
// every record's: a status reads '"running"', an owner '"abc"'.

/** KEYS: job. ARGV: field/value pairs → 1 created, 0 it exists (one job per game, or per game and ply). */
export const JOB_CREATE = new Script(
  'jobCreate',
  `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`,
);

/**
 * Takes a job up. KEYS: job. ARGV: owner, now, leaseUntil, takeOver ('' = none), the statuses it may be taken in
 * ('|'-joined), the waiting status, the working status → {1} taken | {0, 'held', holder} | {0, status} when over |
 * {0, 'not-found'}. Waiting becomes working; a job in a later status keeps it (a review graded or being sent, a
 * puzzle checked): the new holder goes on from there.
 */
export const JOB_LEASE = new Script(
  'jobLease',
  `
local st = redis.call('HGET', KEYS[1], 'status')
if not st then return {0, 'not-found'} end
local ok = false
for s in string.gmatch(ARGV[5], '[^|]+') do if s == st then ok = true end end
if not ok then return {0, st} end
local cur = redis.call('HGET', KEYS[1], 'owner') or '""'
local lease = tonumber(redis.call('HGET', KEYS[1], 'leaseUntil') or '0')
if cur ~= '""' and cur ~= ARGV[1] and cur ~= ARGV[4] and lease > tonumber(ARGV[2]) then return {0, 'held', cur} end
if st == ARGV[6] then st = ARGV[7] end
redis.call('HSET', KEYS[1], 'status', st, 'owner', ARGV[1], 'leaseUntil', ARGV[3])
if cur ~= ARGV[1] then redis.call('HINCRBY', KEYS[1], 'tries', 1) end
return {1}
`,
);

/**
 * The owner's step of a job. KEYS: job. ARGV: owner, the statuses it may be in ('|'-joined), the new status ('' =
 * unchanged), a time to live in ms from now ('' = none: a finished job that is kept a while), field/value pairs...
 * → 1 done, 0 not the owner's or not in those statuses.
 */
export const JOB_STEP = new Script(
  'jobStep',
  `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
local st = redis.call('HGET', KEYS[1], 'status') or ''
local ok = false
for s in string.gmatch(ARGV[2], '[^|]+') do if s == st then ok = true end end
if not ok then return 0 end
local f = {}
if ARGV[3] ~= '' then f[1] = 'status'; f[2] = ARGV[3] end
for i = 5, #ARGV do f[#f + 1] = ARGV[i] end
if #f > 0 then redis.call('HSET', KEYS[1], unpack(f)) end
if ARGV[4] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
return 1
`,
);

/**
 * Reply mode: a review job handed the interaction that will carry its post. KEYS: job. ARGV: the statuses it may be in
 * ('|'-joined JSON), its interaction field as read (compared as stored), the new interaction (JSON), the new status
 * ('' unchanged; a change also drops the holder) → 1 handed over, 0 the job moved on meanwhile.
 */
export const REVIEW_FOLLOW = new Script(
  'reviewFollow',
  `
local st = redis.call('HGET', KEYS[1], 'status') or ''
local ok = false
for s in string.gmatch(ARGV[1], '[^|]+') do if s == st then ok = true end end
if not ok or redis.call('HGET', KEYS[1], 'interaction') ~= ARGV[2] then return 0 end
if ARGV[4] == '' then
  redis.call('HSET', KEYS[1], 'interaction', ARGV[3])
else
  redis.call('HSET', KEYS[1], 'interaction', ARGV[3], 'status', ARGV[4], 'owner', '""', 'leaseUntil', '0')
end
return 1
`,
);

/**
 * Reply mode: the owner's graded job set to wait for the next interaction in its channel — unless it was handed one
 * since the owner read it (followReviewsHere), which it then follows up instead. KEYS: job. ARGV: owner (JSON), the
 * interaction field as the owner read it (compared as stored) → 1 owed (no holder), 0 not the owner's done job, or
 * handed another interaction meanwhile.
 */
export const REVIEW_OWE = new Script(
  'reviewOwe',
  `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'status') ~= '"done"' then return 0 end
if redis.call('HGET', KEYS[1], 'interaction') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'status', '"owed"', 'owner', '""', 'leaseUntil', '0')
return 1
`,
);

/**
 * One graded ply. KEYS: job, plies. ARGV: owner, the ply's index, its JSON, leaseUntil → 1 recorded (the lease kept
 * until leaseUntil), 0 not the owner's running job, -1 not the next ply.
 */
export const REVIEW_ADD_PLY = new Script(
  'reviewAddPly',
  `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'status') ~= '"running"' then
  return 0
end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return -1 end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('HSET', KEYS[1], 'leaseUntil', ARGV[4])
return 1
`,
);

/**
 * A practice session's write. KEYS: session. ARGV: mode ('new' replaces whatever is there; 'cas' needs the same
 * session id and version), id (JSON), expected version, ttl ms, field/value pairs... → 1 written, 0 the version
 * moved on (or another session took its place), -1 no session.
 */
export const PRACTICE_WRITE = new Script(
  'practiceWrite',
  `
if ARGV[1] == 'cas' then
  local id = redis.call('HGET', KEYS[1], 'id')
  if not id then return -1 end
  if id ~= ARGV[2] or redis.call('HGET', KEYS[1], 'version') ~= ARGV[3] then return 0 end
else
  redis.call('DEL', KEYS[1])
end
local f = {}
for i = 5, #ARGV do f[#f + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(f))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`,
);

/**
 * Adds a puzzle to the pool once. KEYS: record, its game's pool. ARGV: record JSON, rating, id → 1 added, 0 the
 * position is there already. One script, so a crash never leaves a record out of its pool.
 */
export const PUZZLE_ADD = new Script(
  'puzzleAdd',
  `
if redis.call('SETNX', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], 'NX', ARGV[2], ARGV[3])
return 1
`,
);
