/** Small structs shared by several answers. */
import { number, string, union } from 'superstruct';

/** Record ids: numbers from our server; strings accepted so another server's UUIDs also work. */
export const IdStruct = union([number(), string()]);
