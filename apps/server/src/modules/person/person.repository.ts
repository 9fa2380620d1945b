// The person feature's memorial statements live in the memorial module (issue 11 §7).
export { listAccountMemorials, updateMemorial } from '../memorial/memorial.repository';
