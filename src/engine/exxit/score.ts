// EX-21: each colour scores its tiles plus the size of its largest group.
import { type Board } from './board.js';
import { DELTA, GRID } from './geometry.js';

const mark = new Int32Array(GRID);
let stamp = 0;
const queue = new Int16Array(64);

export function scoreOf(b: Board): [number, number] {
  const cells = b.cells;
  const count = [0, 0];
  const largest = [0, 0];
  if (++stamp > 0x3fffffff) {
    mark.fill(0);
    stamp = 1;
  }
  for (let i = 0; i < b.nTiles; i++) {
    const start = b.tiles[i];
    const colour = cells[start] & 3; // 2 red, 3 black
    count[colour & 1]++;
    if (mark[start] === stamp) continue;
    // Flood the group of same-coloured tiles joined by edges.
    mark[start] = stamp;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const c = queue[head++];
      for (let d = 0; d < 6; d++) {
        const nb = c + DELTA[d];
        if ((cells[nb] & 3) === colour && mark[nb] !== stamp) {
          mark[nb] = stamp;
          queue[tail++] = nb;
        }
      }
    }
    if (tail > largest[colour & 1]) largest[colour & 1] = tail;
  }
  return [count[0] + largest[0], count[1] + largest[1]];
}
