export * from './checker/index.ts';
