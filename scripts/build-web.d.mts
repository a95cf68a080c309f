// Types of scripts/build-web.mjs (plain JavaScript so that npm start runs it without tsx).
export declare function bundleSizes(dir?: string): { bundle: number; fonts: number };
export declare function buildWeb(): Promise<void>;
export declare function ensureWebBuilt(): Promise<boolean>;
