// The gift feature's counters are columns of the memorials table: their SQL lives in the memorial
// module (issue 11 §7), moving in SQL (count = count + 1, DESIGN §5) so concurrent visitors all count.
export { addGift, giftCounts, type GiftCounts } from '../memorial/memorial.repository';
