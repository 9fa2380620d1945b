// The memorial lookup lives in the memorial module (issue 11 §7).
export { findOwnedMemorial } from '../memorial/memorial.repository';
