// Types of scripts/build.mjs (plain JavaScript so that it runs without tsx).
export declare const ROOT: string;
export declare const STAMP: string;
export declare const ASSET_EXTENSIONS: string[];
export interface BuildOptions {
  /** The project folder holding src/, dist/ and the tsconfigs (default: this repository). */
  root?: string;
  /** false: tsc --noCheck (npm start's build); default true. */
  typeCheck?: boolean;
  stdio?: 'inherit' | 'pipe';
}
export declare function buildState(opts?: { root?: string }): { stale: boolean; reason: string };
export declare class BuildError extends Error {}
export declare function build(opts?: BuildOptions): void;
export declare function ensureBuilt(opts?: BuildOptions & { log?: (line: string) => void }): boolean;
