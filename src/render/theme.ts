// Colours shared by both painters. An opaque mid-dark background of our own
// reads on Discord's dark and light themes alike; the two sides of each game
// differ in lightness and in a mark or pattern, not only in hue (colour-blind
// players).

/**
 * Both pictures are PICTURE_WIDTH px wide (Discord shows an attachment at
 * most about 550 px wide on a computer, 1:1 here) and are read on a phone at
 * about 400 px: a scale of 0.714. DejaVu Sans has a cap height of 0.73 em, so
 * a size of s px shows capitals 0.73 × s × 400 / 560 px high there. Labels a
 * player types need ≥ 7 px (14 px here: 7.3 px); names, scores and the last
 * move ≥ 9 px (18 px: 9.4 px). Nothing is drawn smaller than `small`.
 */
export const PICTURE_WIDTH = 560;

export const TYPE = {
  /** Every other word or number on the picture (statuses, reserves, hands, stock). */
  small: 14,
  /** Cell labels: Exxit tile letters and X-labels (grow with the hexes), Orion cell labels. */
  label: 14,
  /** Stack heights (grow with the hexes). */
  height: 14,
  /** Player names: the largest that fits, else the smaller, then cut. */
  name: [20, 18] as number[],
  /** The last move or the result, one line under the board. */
  footer: 18,
  /** The score (Exxit) or victory conditions (Orion) of each player. */
  score: 30,
} as const;

export const THEME = {
  bg: '#262c38',
  panel: '#2f3645',
  panelEdge: '#444d60',
  text: '#eef1f6',
  textDim: '#a9b2c3',
  textFaint: '#7d879a',
  /** Last-move highlight: a light yellow that stands out on every tile colour. */
  highlight: '#ffd84a',
  highlightShadow: 'rgba(0,0,0,0.55)',
  win: '#7ee08a',
  draw: '#c8cdd8',
  /** The result's box under the board: a win, a draw (edged in `win`, `draw`). */
  winBox: '#24452c',
  drawBox: '#3b4252',
} as const;

/** Exxit (EX-1): Red and Black. Tiles are darker than pawns of the same colour. */
export const EXXIT = {
  tile: ['#a8402f', '#16181d'] as const,
  tileTop: ['#bf5140', '#262a31'] as const,
  tileEdge: ['#e07a66', '#6d7586'] as const,
  pawn: ['#f0604a', '#121316'] as const,
  pawnSide: ['#9c2c1c', '#000000'] as const,
  /** The outline of a pawn: dark on red, light on black (and the black pawn's inner ring). */
  pawnEdge: ['#4a0f06', '#e9edf3'] as const,
  prisonerCell: '#1c2029',
  prisonerEdge: '#d2a94a',
  voidEdge: '#333a48',
} as const;

/** Orion Duel (OD-1): Orange (solid) and Blue (with a stripe pattern). */
export const ORION = {
  side: ['#f39a2b', '#2f6fdc'] as const,
  sideStripe: ['#f39a2b', '#5b93f0'] as const,
  sideText: ['#2a1800', '#ffffff'] as const,
  cell: '#353e51',
  cellEdge: '#4d586f',
  cellLabel: '#b3bccf',
  tileEdge: '#10131a',
  /** OD-7 constellation pairs: purple, red, green; dash patterns tell them apart too. */
  pair: ['#b47cff', '#ff5d5d', '#45d07a'] as const,
  pairDash: [[], [10, 12], [0.1, 9]] as number[][],
  galaxy: '#fff3c4',
  galaxyCore: '#ffe27a',
  hole: '#050507',
  holeRing: '#c07bff',
} as const;

/**
 * A post-game review (docs/review.md): the grades of marked moves and the better move. Hues of the Okabe–Ito palette
 * (told apart with the common colour blindnesses), lightened to read on the slate; each grade also has its own shape
 * on the chart (circle, square, triangle), each drawn move its own badge and line pattern on a board.
 */
export const REVIEW = {
  grade: { inaccuracy: '#56b4e9', mistake: '#f0a830', blunder: '#ff6b5b' },
  better: '#4fe08c',
  /** The chart's plot area, its grid and the 50 % line. */
  plot: '#1e232d',
  grid: '#3a4253',
  half: '#c8cdd8',
} as const;
