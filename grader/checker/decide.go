package checker

import (
	"context"
	"fmt"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// decide gives the judgement of an interactive run: how the checker's
// run ended (judged), whether it ended before the program did (first),
// what it found wrong with what the program sent it before it ended
// (sent, with its line), and the conversation. The grader then weighs it
// against how the program ended (grader.Judgement.DecidedFirst):
//
//   - The checker judged (status 42 or 43): its judgement, whenever the
//     program ended; never a pass it did not give.
//   - The checker failed (another status, a signal, a limit) after the
//     program sent it bytes that are not text (see textCheck): the
//     program's wrong answer, the rule "text" broken on that line; the
//     checker's failure goes in the log for the TA.
//   - The checker failed otherwise (on text, or on nothing): an error,
//     the grader's failure, whatever the program did; a problem
//     package's checker's (rubric.Judge.JudgeErrors), the case's judge
//     error (grader.FailedOnOutput, wrapped by judgement).
func (i *interactor) decide(judged ran, first bool, sent textCheck, transcript string) (grader.Judgement, error) {
	if judged.err != nil {
		return grader.Judgement{}, judged.err
	}
	log := "transcript (> the program wrote, < it read):\n" + transcript
	j, err := judged.j, judged.jerr
	switch {
	case err != nil && sent.bad != "":
		return grader.Judgement{
			Violation: &grader.Violation{Line: sent.badLine, Rule: "text",
				Msg: "the program sent " + sent.bad + " to the checker, and the checker failed on it"},
			Log:          joinLog(err.Error(), log),
			DecidedFirst: first,
		}, nil
	case err != nil:
		return grader.Judgement{}, fmt.Errorf("%w\n\n%s", err, log)
	}
	j.Log = joinLog(j.Log, log)
	j.DecidedFirst = first
	return j, nil
}

func joinLog(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n\n" + b
}

// interactor is an interactive checker: it talks with the program.
type interactor struct{ *Checker }

// Judge implements grader.Judge; the grader asks an Interactor to
// Interact instead.
func (i *interactor) Judge(context.Context, grader.Trial) (grader.Judgement, error) {
	return grader.Judgement{}, fmt.Errorf("checker %s is interactive: it judges only a run it talks with", i.path)
}

// ran is how the checker's run ended, and, when it ran, its judgement
// (or why its output is none).
type ran struct {
	res  sandbox.Result
	err  error
	j    grader.Judgement
	jerr error
}
