// Package warm is the fast Java path of the grader: a grader.Runner that
// runs all of a submission's cases in one JVM, inside one sandbox box,
// instead of one `java` per case.
//
// # Trust
//
// The box (package sandbox) is the only trust boundary. Trusted: the Go
// process and the sandbox that contains the box. Untrusted: everything
// inside the box, the harness (java/Harness.java) included: the harness
// shares a JVM with the submission, and whatever the JVM's own checks
// promise, a submission that breaks them owns the harness. So what a warm
// JVM says about a case is a claim, and the grader treats it as one:
//
//   - Nothing secret is ever in the JVM. The classes are compiled before,
//     in a box that runs no student code (the compile service, see
//     Prepare), and no file of the case box comes back out. Cases are sent
//     one at a time, when they run, public cases first: every public
//     output is in the Go process's hands before the first hidden case's
//     arguments reach the JVM. Replies carry no secret token: the Go
//     process knows which case it asked for, measures each case's time
//     itself, and takes one reply per request, so a forged reply can only
//     claim an outcome for the case being run, within its limits,
//     which the program could have printed itself (the spot checks below
//     catch the rest).
//   - Warm answers are checked. For every submission graded warm, a few
//     cases (Options.SpotCheck; the command line takes the rubric's
//     build.spot_check, default 2, or --spot-check), chosen by an HMAC of
//     the batch's secret (Options.Secret), the submission's files and the
//     case, which no student can compute, also run cold. Every case the
//     grader takes a warm answer of may be chosen, whatever its judge:
//     two runs agree when they end alike, or, for a case whose output
//     varies from run to run (the reference's rules on a random run, a
//     checker), when they earn the same verdict and credit
//     (Options.Decider). If the two disagree the whole submission is
//     regraded cold, and Program.Flags says "fast and safe runs disagreed
//     on case X" for the TA (results.json and index.html, never the
//     student's report).
//   - Limits hold from outside the box (limits.go). A case's CPU time is
//     what the whole box used, all the JVM's threads counted, from the
//     case's request to its answer, read by the box's sandbox.Meter (its
//     cgroup, or /proc of its processes); its wall time is the Go
//     process's clock over the same span less the time the box waited
//     for a core in it (the same Meter's Stall), as a cold run's wall
//     limit leaves that wait out (sandbox.Limits.Wall): a loaded machine
//     stops a case at its wall limit neither warm nor cold, and a case
//     ends at sandbox.StallCap times its wall limit whatever it waited.
//     A case over its CPU or wall
//     limit ends at that limit, whatever the JVM answered, and its JVM is
//     left (a new one runs the cases after it); one that has not answered
//     by its CPU limit and half a second, or its wall limit and one (its
//     box's waits for a core left out), is
//     killed with its box and ends at that limit. The harness's own watch
//     shares the JVM with the submission, which can stop it (hold a
//     monitor it waits on, say): it can end a case sooner, nothing it says
//     of time decides a verdict alone. It leaves the JVM's waits for a
//     core out of a case's wall time too, counted as the sandbox counts
//     them but for its own thread's (which wakes every few milliseconds:
//     on a loaded machine it waits for a core most of the time, and a cold
//     run has no such thread), and says its count with the answer: the
//     grader takes it where it is less than the box's, so it can make a
//     case's wall time longer, never shorter. A case the harness stops at
//     its wall limit that the grader's measure finds within it runs cold. The grader's own waits for a core, while
//     it passes a case's request and answer, are not left out: they are a
//     fraction of a cold run's JVM start, which a warm case does not pay. The sandbox's basic tier has no
//     meter, so no warm mode (New fails; the grader runs cold). The box's
//     own limits, a few cases' worth, bound the JVM as a whole besides, and
//     a JVM that dies has its case run cold.
//   - State that outlives a case buys nothing a cold run lacks. A warm JVM
//     keeps what no permission guards (java.sql.DriverManager's login
//     timeout, the string pool, the JIT's code; the scan sends a program
//     that reads some of it cold: named loggers, java.net's defaults), and
//     no list of such state is complete: the rule is on what it
//     could buy instead. A warm box's life is one cold run's CPU limit
//     (the rubric's, hand-off or not), counted by its meter from the box's
//     start, all cases together (limits.go): a case after the box's first
//     that ends with the box past it has no answer, unless it ran into a
//     limit (a failure: state can make a case fail, never to its gain),
//     and runs again as the first case of a fresh JVM, whose first case
//     keeps nothing from another and has its own limits alone. Everything
//     a warm answer rests on, the JVM's start, the cases before it and
//     what they kept, was done within the CPU time a cold run of that case
//     alone has, its own JVM's start included (a JVM's start costs a warm
//     box about what it costs a cold one). Depth is the other thing the
//     JIT buys: see Equivalence. So a program that spends CPU time in slices over many
//     cases, or warms a method up, to answer a later case from what it
//     kept gets no case that a cold run fails, whatever the spot checks
//     pick; they remain for what the harness cannot vouch for.
//
// Inside the JVM the harness does what it can, and anything it cannot
// vouch for runs cold. A SecurityManager checks every permission against
// the access-control context of the calling code, whatever thread runs it
// (finalizers, cleaners, the reference handler, shutdown hooks and threads
// they start included): code of the submission's class loader gets read
// access to properties, the environment and files outside /proc, /sys and
// /dev, nothing else, and never a path to the harness's classes, fields or
// class loader. A submission whose classes define finalize, use
// java.lang.ref.Cleaner, PhantomReference or ReferenceQueue, or shutdown hooks, or that leaves a thread alive after a
// case, prints outside a case, or is refused anything, runs cold from that
// case on.
//
// Warm mode needs a JDK 17 to 23 (MinJava, MaxJava): the harness traps
// System.exit and guards the submission with a SecurityManager, which
// Java 24 removed. With another JDK the grader runs cold (grader/runner).
//
// # Equivalence
//
// The harness calls main once per case, each time in a fresh class loader
// (the submission's methods start interpreted, as in a fresh JVM), unless
// its classes hold no static state and no method of theirs has a frame
// of more than 28 slots (then one loader, and the JIT's code, serves every
// case: see the stack below), and a fresh thread named "main" whose
// frames stay out of stack traces,
// with System.out and System.err captured per case as a fresh JVM sets
// them up, System.in holding the case's stdin, System.exit trapped, and
// the case's CPU (all the JVM's threads) and wall time watched. A case
// that reaches a limit ends that JVM; a new one runs the remaining cases.
//
// Equivalence is the contract: a case gives the same exit status, stdout,
// stderr, signal and limit as in a fresh `java` (package grader/runner).
// What a shared JVM cannot make identical is detected, and then the
// submission, or the one case, runs cold, through grader/runner:
//
//   - the submission starts a thread, replaces System.out, System.err or
//     System.in, writes a file, uses a file descriptor or a class loader,
//     or needs any permission beyond reading properties, the environment
//     and files (the whole submission, from that case on, runs cold);
//   - its classes use a hash-based collection (java.util.HashMap, ...) or
//     identity hash codes, whose values come from a per-thread generator:
//     a fresh JVM's main thread and the harness's case thread differ
//     (the whole submission runs cold). The scan resolves each hashCode
//     and toString call over the submission's own classes: one that ends
//     in Object's (no class on the way defines its own), an enum's
//     hashCode, a record's over a component without its own, an array's
//     or an interface's, and Objects.hash, are identity hash codes, as is
//     the text of System.out, err or in read straight into a call that
//     takes an Object or a string concatenation (streamAsObject); so is
//     a Class's name in a program with lambdas (a lambda's class is named
//     by how many the JVM has spun); a case that prints one reruns cold;
//   - its classes can observe the harness through a public API: threads
//     (main is not the JVM's first thread), stack traces and walkers, class
//     loaders, modules and resources, properties and the environment
//     (sun.java.command names the harness), the security manager,
//     reflection and method handles, management beans, the process, the
//     clock (a fresh JVM's first call is slow), the heap and processors,
//     the string pool, JDK state earlier cases left (named loggers,
//     java.net's defaults) (Harness.observer has the list): a program that
//     answers differently when it finds itself warm gets cold's grade (the
//     whole submission runs cold, flagged "can tell the warm harness from a
//     fresh JVM"); an OutOfMemoryError, caught or not, ends the warm JVM
//     (-XX:+ExitOnOutOfMemoryError) and the case runs cold;
//   - main cannot be called as the launcher calls it (cold);
//   - a case throws an Error (out of memory, a class that does not
//     initialize), prints an identity hash code (Object@1b6d3586) or a
//     lambda's class name (Main$$Lambda...), or mentions
//     java.lang.OutOfMemoryError: that case reruns cold;
//   - a StackOverflowError, caught or not, anywhere: the JVM ends at once
//     (-XX:AbortVMOnException) and the case runs cold. A case thread's
//     stack is 192 KiB (CaseThread.STACK), less than a fifth of a fresh
//     JVM's main thread's, so that no recursion that fits warm overflows
//     cold: a warm JVM has the JDK's methods compiled already, and the
//     submission's too when one loader serves its cases, and compiled
//     frames are smaller than interpreted ones. Within 192 KiB no
//     recursion reaches 2,400 calls, however small its compiled frames; a
//     fresh JVM's 1 MiB holds at least 3,190 interpreted frames of 28
//     slots, and larger frames are interpreted warm too (a fresh loader
//     per case: they overflow 192 KiB before their method is compiled). A
//     program that recurses deeper than 192 KiB, honestly, pays a cold run
//     for the case (after two, the rest of its cases run cold);
//   - a case after its box's first that leaves the box past its life (see
//     Trust): it runs again first in a fresh JVM;
//   - the harness dies or misbehaves: the case it was on reruns cold, and
//     after two such deaths the rest does.
//   - its answers so far and this case's hold more than Options.Answers
//     (grader.WarmAnswers, 8 MiB) of stdout and stderr, which wait in
//     memory until they are judged: this case and the rest run cold.
//
// A case that uses Options.HandOff of CPU time (grade, check and ci hand
// off at half a second) runs cold too, with the later cases of its rubric
// part, which mostly loop or crawl alike: they run side by side on the
// cores a batch has idle, each under its own limits, rather than one
// limit after the other in warm JVMs, and a new JVM runs the other parts.
// So does a case the harness gives up as waiting, when the sandbox sees
// its box waiting too (asleep.go): the rest of its part waits out its
// wall limits side by side, on no core, not one JVM after another.
//
// Program.Flags says when and why a submission ran cold, for the TA
// alone (results.json and index.html): the student's report speaks of
// the program, not of how the grader ran it. Execution.Time of a warm run
// is the case's own wall time, as its wall limit counts it: without a
// JVM's start, and without the time it waited for a core.
//
// A compile that succeeds is not yet a program: Build fails, as cold
// mode's does (runner.Sandboxed.NoProgram), when javac made no class
// file of the main class (a file that is all comment, one that declares
// only class Main), with a note that says so, and no case runs.
//
// A cold run counts the CPU and wall time of the whole JVM, its start
// included, and a warm one those of the case alone, from its request to
// its answer. So a warm answer that came near a limit without reaching it
// (within a quarter of the rubric's CPU or wall limit, and at least half a
// second of CPU time or a second of wall time: nearLimit) is not taken:
// the case runs cold and its verdict stands. Which of the CPU and wall
// limits a busy loop reaches first depends on the machine's load in both
// modes.
package warm
