// A step as one integer: `from | to << 9`, both padded squares (geometry.ts). END_RUN (0, types.ts) ends
// a berserk run without another step (`0000`).

export const stepFrom = (step: number): number => step & 511;
export const stepTo = (step: number): number => step >>> 9;
export const makeStep = (from: number, to: number): number => from | (to << 9);
