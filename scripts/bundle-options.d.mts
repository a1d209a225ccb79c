import type { BuildOptions } from 'esbuild';

export declare const BUNDLE_OPTIONS: Pick<BuildOptions, 'bundle' | 'platform' | 'target' | 'format' | 'loader' | 'plugins'>;
export declare function asciiOnly(text: string): string;
