// Package javabridge is the Java side of the unit-test bridge: the
// instructor's JUnit tests run in a test box that holds no student file,
// and reach the student's classes, in a student box, through calls that
// cross the grader's relay (package grader/unittest/relay; the frames,
// 'S' calls, 'G' control and 'X' deaths, and the values are those of its
// PROTOCOL.md, whose vectors TestJavaVectors checks this bridge against).
//
// # The pieces
//
//   - ReadClass reads a student's compiled class (never run in the test
//     box): its constant pool, access flags, super class and interfaces,
//     fields with their constants, methods with descriptors, generic
//     Signature attributes and Exceptions attributes, and InnerClasses.
//   - Standins generates, for each top-level class, interface and enum of
//     the student (with its static nested ones inside), a Java source
//     with the same API (constructors, static and instance methods,
//     generics, checked exceptions, the interfaces it implements, public
//     constants, public final fields) whose every member forwards through
//     autograder.bridge.Bridge. A student's exception becomes a stand-in
//     that extends the same JDK base (IllegalArgumentException,
//     CancellationException, ...: OpenJDK reads the JDK's own class files
//     from its run-time image, lib/modules, and JDK.base walks up to the
//     nearest public class with a constructor of a message or of nothing,
//     never a VirtualMachineError, LinkageError or ThreadDeath), so
//     assertThrows(TheirException.class, ...) works, and is a
//     handle to the student's exception object: its methods are calls,
//     its public instance fields hold their values as thrown (Thrown),
//     its constructors make one in the student's process; Throwable's
//     own methods are the stand-in's. A record's stand-in is a class.
//     No stand-in is abstract (it stands for any object of its class,
//     one of a subclass the tests cannot name included): an abstract
//     class's, or an enum's whose constants have bodies, forwards the
//     methods of its interfaces the class leaves to its subclasses
//     (abstract.go).
//     A student's class that extends a JDK class that is no throwable
//     (ArrayList<Song>, HashMap<String, Set<String>>) gets a stand-in
//     that extends the same class with the same type arguments and
//     forwards every public instance method the class has from the JDK
//     (read from the run-time image, the type arguments put in its
//     signatures: inherit.go) to the student's object; a JDK class with
//     a public final method (Thread) or without a constructor of
//     nothing (File) is a LoadError saying why.
//     No stand-in
//     takes a name in Options.Reserved (ReservedBy: the types the
//     instructor's files declare; ImportedNames: the classes of the
//     packages the tests import on demand). BuildTests compiles the
//     stand-ins and the instructor's tests, and puts Result.Index at
//     IndexPath.
//   - TestSideFiles are the test side's Java sources: Bridge and its
//     codec, autograder.bridge.Main (LauncherMain), which takes fds 0/1
//     for frames, points System.out at stderr and runs the tests as
//     JUnit's console launcher runs them (Launch: the same request,
//     report and exit status, through the platform's launcher API,
//     without the console launcher's option parser and printing), and a
//     launcher listener that sends the relay "test",
//     "reset" (after each top-level test class) and "done", and cuts
//     each test's exceptions (messages, frames, causes) and published
//     values in place before the report is written (Cap: 8192
//     characters a message, a test's trace about twice that), so one
//     test's bytes never cost the report. LauncherArgs is the test box's
//     command line (java.lang opened to the test side, for that cut).
//   - ServerFiles are the student-side server (ServerMain), which needs
//     only the JDK: it takes fds 0/1 before any student class loads,
//     points System.out at stderr and System.in at nothing, then serves
//     calls by reflection (overloads chosen by descriptor), keeping the
//     student's objects in a table of handles. ServerArgs is the student
//     box's command line.
//
// # Values
//
// A value crosses by value only when its class is exactly String, a box,
// BigInteger, BigDecimal, Optional, OptionalInt/Long/Double, an array,
// one of the JDK's own lists, sets and maps (of values that cross; an
// unmodifiable one as an unmodifiable copy), a public enum of the JDK's,
// one of java.time's immutable values or a UUID (as its text), a
// StringBuilder or StringBuffer (as its text; but a test's, passed where
// the student's method takes no builder, is a handle: its identity is
// kept), or a Class (by name: a stand-in's is the student's class);
// arrays, collections and text builders passed are copied back into the caller's after
// the call, either way, so in-place changes are seen (one kept and given
// back later is an equal copy, never the same object). Anything else is a
// handle: on the test side a stand-in (or, for an interface the tests
// hold it as, a proxy), the same one for the same object while the test
// side holds it, whose every method is a call, equals, hashCode,
// toString and compareTo included; one of the JDK's objects the test
// side cannot name, met where any object may be (a TreeMap's entry in
// the copy of its entrySet), is a proxy of the JDK's public interfaces
// its class has (Map.Entry). A stand-in equals only another of the
// student's objects: a student's equals never sees, and never matches,
// the test's plain values. A test's object passed for a parameter (a
// lambda, a Comparator, a stream's sink) is a handle the other way: the
// student gets an object of every public interface of the JDK's and the
// stand-ins' the object has, whose calls come back to the test, of a
// class named as the test's object's class is (server/Named.java writes
// it as java.lang.reflect.Proxy writes its own: Rect, not $Proxy0, for
// the test's ShapeTest.Rect; ShapeTest$1 and ShapeTest$$Lambda for an
// anonymous class and a lambda; a proxy when it cannot be made) (equals, hashCode and toString included, each call forwarded and
// none remembered: a test's record is a key in the student's own hash
// table; equals of the proxy itself is true without a call), and a
// test's assertion failing inside it fails the test even
// when the student's code catches it (unless the test that passed it has
// ended: then it is the student's thread's). A test's Random is a Random
// on the student's side whose next(bits) draws from the test's. A JDK
// class that is none of these (a Thread) does not cross: the test fails
// with BridgeLimit, and the process goes on; so does a value nested past
// the bound (64 values, 128 JSON levels deep): that call fails with
// BridgeLimit. Exceptions cross as type,
// message, cause (8 deep) and the student's frames (class, method, file,
// line); a student's exception with its handle and public fields too
// (each exception described once a message: met again, in a field that
// holds itself or in a cycle, it is its handle alone, and the stand-in
// binds itself to its handle before it reads its fields, so identity
// holds). Likewise a student's object whose class (one the tests can
// name: no private, local or anonymous class) has public final instance
// fields crosses with their values, once a message ({"handle":N,"type":
// T,"fields":{name:V}}: met again, its handle alone), and its stand-in,
// built from a Thrown as an exception's, holds them: a final field
// cannot change after the constructor, so the values as it crossed are
// its values, where the field's type is a primitive, a student's class,
// or one whose objects cannot change and cross by value (byValue: a box,
// String, BigInteger, BigDecimal, java.time's values, UUID, the primitive
// optionals; a public enum of the JDK's; an Optional of any of these)
// (an array's cells or a collection's items can change under a final
// field: such a field is refused, as is a public field
// that is not final or one that hides a superclass's; Standins). One
// that crosses while a constructor of its class that a test called has
// not returned (its constructor handed this to a test's callback) may be
// unfinished: its stand-in is forgotten once the constructor returns,
// so the test's own stand-in, made of the fields as they are then, is
// the one later crossings give (TestSide.constructed).
// Of exceptions, a
// stand-in's crosses as itself (and, thrown back through a test's
// callback, as the student's object again), the JDK's Exceptions and
// ordinary Errors as themselves, a VirtualMachineError, LinkageError,
// ThreadDeath or Error of an unknown class as autograder.bridge.
// StudentError (an Error: no catch of Exception takes it for the
// student's answer), any other as StudentException, so a student cannot
// abort, skip or fail the run from the framework's side.
//
// # What the student's code prints
//
// A call's request says which of System.out and System.err the test has
// redirected ("out":true, "err":true: the stream is not the launcher's
// own, as after System.setOut(new PrintStream(buffer))). During that
// call the server holds what the student's code prints to that stream
// (up to 2 MiB a message) instead of writing it to its box's stderr, and
// sends it, base64, with its next message ("out", "err" beside the
// reply's or a callback request's fields), so that a callback's printing
// comes in order; the test side takes those fields out before it reads
// the message and writes the bytes to the test's stream, if the test
// still has it redirected, up to 4 MiB a test (Output.java). They are
// bytes in the test's buffer and nothing else: the test decides.
//
// # Java's 'S' messages
//
// Requests: {"op":"new"|"call"|"get","seq":S,"class":C,"name":N,
// "desc":D,"self":V,"args":[V...],"free":[ids]} ("self" on calls only,
// null for static; "free": handles the test side dropped). Replies:
// {"seq":S,"re":V,"back":[V|null...]} or {"seq":S,"exc":E}, E being
// {"type":T,"msg":M,"trace":[[class,method,file,line]...],"error":true
// (an Error),"handle":N,"fields":{name:V} (a student's exception, or a
// stand-in's thrown back),"cause":E}. S is a random number
// the reply must echo. Callbacks from the student side are "call"
// requests whose "self" is a test-owned handle. {"op":"free","seq":S,
// "free":[ids]}, at a test's end when the student's classes finalize
// (Result.Finalizes), has the student side drop them, collect, and
// answer once the finalizers and Cleaner actions that queued have run. Values follow the
// shared protocol with Java's own tags where JSON cannot say the type:
// a JSON integer is an Integer, a number with a fraction or exponent a
// Double; {"long":"5"}, {"short":5}, {"byte":5}, {"char":65},
// {"float32":"1.5"}, {"float":"NaN"}, {"int":"<BigInteger>"},
// {"decimal":"<BigDecimal>"}, {"optional":[V]} or {"optional":[]},
// {"optionalInt"|"optionalLong"|"optionalDouble":[V]} (or []),
// {"ulist"|"uset"|"umap":...} (unmodifiable), {"class":"<name>"},
// {"enum":"Color","name":"RED"} (the JDK's too), {"jdk":["java.time.
// LocalDate","2024-03-15"]}; handles
// {"handle":N,"type":"<class>"} (the student's; a Throwable's with
// "msg" and "fields", an object's with public final fields with
// "fields") and {"handle":N,
// "owner":"test","ifaces":[...],"name":"Rect"} (the test's, with the
// interfaces the student-side object implements and its class's name).
//
// # Threat model
//
// Every byte of the student's classes and every frame of the student's
// process is hostile data. Class files are read strictly and within
// their size (MaxClassSize; no count is trusted beyond the bytes there;
// type nesting bounded); every name that reaches generated source is a
// plain ASCII Java identifier, not a keyword, without $ — anything else
// is a LoadError naming the class and member, never escaped into
// source; a package-private top-level class with such a name (a helper
// Pièce) gets no stand-in and the student a note, and only a public
// member that uses it is a LoadError. A student class named like a class of java.lang (a
// default-package String), like a class of any package the tests import
// on demand (ImportedNames lists them: a default-package Assertions
// against "import org.junit.jupiter.api.*;", Arrays against
// "import java.util.*;"), like
// one of the instructor's (ReservedBy), or in a package of the JDK,
// JUnit or the grader, gets no stand-in: the tests resolve the name to
// the framework's class, and the student gets a note (Result.Notes, or
// LoadError.Notes beside the problems). A single-type import shadows the
// student's class in its own file (JLS 6.4.1), so it reserves nothing:
// a student's Order is the tests' Order unless they import JUnit's.
// Public fields that are not final, and an enum's public final fields
// of types that are not plain (settled without a handle), are a
// LoadError naming the field, as is a public field or enum constant named
// autograder (bridgeRoot); public static final fields are read once
// (constants are copied exactly), an enum's plain public final fields
// once a constant (a "get" whose "self" is the constant) as the enum
// loads, or, when the student's process died earlier in that test, at
// the next test's start (Bridge.enumField: the enum's loading must not
// fail for good); a class's public final instance fields cross with its
// handle (below).
//
// On the wire, the test side checks every reply: JSON strict and nested
// at most 128 deep, values at most 64 deep and a million parts, every
// value of the type the stand-in declares, handles only to stand-ins or
// the declared interface, exception types rebuilt only as above. Each
// call carries an unguessable sequence number, so a reply written ahead
// of time, or left in the pipe by a process since ended, matches no
// call; a reply to a call further out while a nested call waits (the
// student's process lost the nested answer: a stack overflow in the
// server's own code, which it answers as the call's StackOverflowError
// when it can) breaks the protocol, as the test would otherwise wait
// past every limit. A reply that breaks these rules fails the test in progress
// (StudentDied: "the student's process broke the bridge protocol"), and
// the test side asks the relay to end that process (a "reset"). An 'X'
// frame (the process exited, crashed or ran past a limit) fails the
// test in progress with StudentDied; every later call of that test
// fails the same way at once (a runaway stopped at its limit costs its
// test, never a second limit), the next test's first call starts a
// fresh process, and stand-ins of the ended process's objects refuse to
// be used. Nothing the student's process sends decides a verdict: JUnit, in
// the test box, does, and writes the report there.
//
// # Suite mode
//
// With AUTOGRADER_BRIDGE_SUITE=1 in both boxes, the roles are reversed
// (students' JUnit suites, package grader/unittest): the test side runs
// the student's tests, the server the instructor's implementation, and
// the grader compares the 'S' frames of runs. Sequence numbers are then
// counted, the test side frees no handle (when a stand-in is collected
// depends on the machine), the server sends no frame of a trace (an
// implementation's lines would tell it apart), and it serves only the
// public members of the implementation's public classes, and the JDK's
// only on objects of its table: the test side is hostile, and can forge
// any request.
package javabridge
