// Types for the `glicko2` npm package (it ships none).
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
    volatility_algorithm?: 'oldprocedure' | 'newprocedure' | 'newprocedure_mod' | 'oldprocedure_simple';
  }
  export interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
    predict(other: Player): number;
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    /** [player1, player2, outcome for player1: 1 win, 0.5 draw, 0 loss] */
    updateRatings(matches: [Player, Player, number][]): void;
    predict(a: Player, b: Player): number;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
