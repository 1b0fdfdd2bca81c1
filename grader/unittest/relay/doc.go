// Package relay is the grader's side of a unit-test run split in two
// boxes: the test box, which holds the framework, the instructor's tests
// and the report, and the student box, which holds the student's code
// and a small server. Neither box sees the other; the relay owns both
// boxes' standard input and output and passes length-framed messages
// between them.
//
// A frame is a 4-byte big-endian length N (1 <= N <= MaxFrame), then N
// bytes whose first is the channel:
//
//   - 'S': a call, a reply or a callback between the test side and the
//     student side; forwarded unchanged, either way. The relay does not
//     read it beyond checking that the student's is JSON.
//   - 'G': the test side to the relay: {"op":"test","id":ID} (a test
//     begins: the student's CPU time, waiting time and printed bytes are
//     counted for it from here), {"op":"reset"} (a lifecycle boundary:
//     the student box ends, the next call starts a fresh one),
//     {"op":"ended"} (a test ended: calls until the next test, a JUnit
//     test's instance made before it begins, count for none),
//     {"op":"done","report":SHA256} (the framework ran to its end; what
//     it says of its report is Result.Report), {"op":"waiting"} (the test side skipped a
//     student's frame that answers none of its calls, and waits on: its
//     wait is counted again, so the test's limits reach it),
//     {"op":"nested","depth":N} (the test side's calls to the student
//     nested past N, counted on its side: the student box is stopped,
//     and that is the test's death, the same on every machine) and
//     {"op":"failed","id":ID,"by":HOW} (the framework ended the test by
//     its own timer, "timer", or an assertion of the test's,
//     "assertion", as the test side knows from the failure's class and
//     frames: Test.Failed, which the verdict reads instead of the
//     report's text).
//   - 'X': the relay to the test side, instead of an answer: the student
//     box ended or was stopped, {"why","limit","exit","signal"}.
//
// A student that sends more than the test side reads (64 MiB queued) is
// stopped too, as its own failure.
//
// A test's limits (Limits) hold over the whole test once it has called
// the student: its wall time from its 'G' test frame, and the CPU time of
// both boxes from then (sandbox.Meter, read from outside). A ping-pong
// of calls and callbacks between the boxes, in which neither side waits
// long for the other, is bounded as one test, whatever language each
// side speaks: the relay reads no 'S' frame to tell a call from an
// answer. Calls after a reset or an ended test and before the next test
// (a JUnit class's @BeforeAll, the field initializers of the next test's
// instance) are bounded as a test of their own, from their first call,
// and recorded as none.
//
// The relay starts a student box at the first call and at the first call
// after a reset or an 'X'. It stops the box, from outside, when the
// current test has run past its CPU or wall time (the test is marked at
// once, whether or not a call waits: that limit is its verdict), when the student
// prints more than the per-test cap, and when the student's side breaks
// the framing (a bad length, another channel, not JSON). Every 'X'
// answers exactly one call the test side sent and the student did not
// answer, so the two sides never fall out of step: a box that died
// while no call was waiting is reported at the next call of the same
// test, and forgotten at the next test. A box the relay ended (at a
// boundary or a limit) decides nothing more, however its end comes about:
// one stopped while it was still starting is no failure of the grader's.
// When a test ends (its next 'G' test, reset or done frame), a process
// of the live box that the kernel killed at the box's memory limit since
// the last look (a child, while the box answers on; sandbox.Meter's
// OOMKills) marks the test died at the memory limit.
//
// What the student prints goes to its stderr, which the relay drains
// and keeps clipped (head and tail, package clip) per test, and never
// parses.
//
// PROTOCOL.md, beside this file, is the protocol all three sides speak
// (the relay, and each language's test side and server): frames,
// channels, the calls' messages, values, handles, exceptions, errors and
// limits; testdata holds its vectors, which every side is tested
// against.
//
// # Files
//
// The files stand in layers, each using only files beneath it: relay.go
// (Run and the loop: the tests' counters, the calls, the limits);
// student.go (a student box: launched, ended, what it printed); event.go
// (what the loop reacts to); sender.go (writing a box's stdin); config.go
// (what Run is given and returns); frame.go (the framing). No file
// refers to one that refers back to it (TestFilesInLayers).
package relay
