export * from './checker/index.ts';
export * from './decode/index.ts';
export * from './middleware/index.ts';
