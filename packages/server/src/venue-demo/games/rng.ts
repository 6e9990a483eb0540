// The RNG lives in lib/ (neutral ground): the lottery's draw uses it too, and a domain module must
// not import the demo venue. Re-exported here so the venue's engines keep their local import.
export * from '../../lib/rng.js';
