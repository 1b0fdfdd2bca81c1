// Package review keeps what TAs grade by hand in a batch's output folder
// (autograder review): rubric items applied to submissions, comments at
// lines of their files, items added and points changed. It is kept as
// text a course can put in git, under DIR/review/:
//
//   - journal-<ta>.jsonl: one JSON line per action, appended and synced
//     before the action counts; one journal per TA (split grading), and a
//     lock file so that two processes of one TA append whole lines. A
//     last line cut short (a killed server) is ignored on load, with a
//     note, and the next append starts on a fresh line.
//   - snapshot.json: the state folded from each journal's first bytes,
//     with their size and SHA-256 and a checksum of itself, written
//     atomically (temporary file, sync, rename). It is only a cache:
//     loading starts from it and replays what the journals hold past it
//     when every journal still starts with what it folded, else (a line
//     edited or deleted, an older copy restored, the file edited) it is
//     ignored, with a note, and the journals replayed from their start.
//     Deleting it loses nothing.
//
// Items are global: an item's points, changed once, rescore every
// submission it is applied to. An item applied is journaled as it was
// (points, part): a later rubric change that drops, renames or repoints
// it is a drift (Drifts), which grade refuses until it is accepted (an
// accept action); so is a change of the bounds of a part graded by hand
// (journaled with the action that marked it: Stamp) that moves a total,
// or its removal. A submission's parts are to grade until a TA marks them
// graded by hand (done, or any item or comment), with who and when
// (State.Graded, Progress). A submission's manual score per part is
// one pure function of the rubric, the parts' autograded scores and the
// items applied (PartScores); Apply folds it, the items and the comments
// into grade's results.
package review
