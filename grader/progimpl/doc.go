// Package progimpl gives a tests part of case files ([part.tests] with
// implementations = "programs") its implementations from a folder of
// programs: the correct program(s) and the bugs, each a file or a folder
// of sources in any language the grader builds, built and run in the
// sandbox as a student's submission is, with the rubric's [build] and
// [limits]. Package mutation judges the student's case files against
// their outputs under the part's comparison.
//
// The folder holds correct (a file correct.EXT or a folder correct/;
// more correct programs named correct-NAME) and bugs/, where each file
// bugs/NAME.EXT or folder bugs/NAME/ is a bug named NAME, a folder's
// one-line hint in its hint.txt (left out of the build). A program that
// does not build is a line of the rubric's error, naming it and the
// compiler's last line. An entry that is a link is refused: it could
// lead anywhere on the grader's machine (links inside a program's folder
// are left out, as in a submission).
//
// The files stand in layers: judge (the "programs" judge, reading the
// folder) over program (one built program run on a command line).
package progimpl
