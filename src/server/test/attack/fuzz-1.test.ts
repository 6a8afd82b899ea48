import { fuzzShard } from './fuzz';

// The route table is split in two files so both test workers share the work.
await fuzzShard(0, 2);
