package canvas

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

var cst = time.FixedZone("CST", -6*3600)

func TestParseTime(t *testing.T) {
	want := time.Date(2025, 3, 5, 10, 0, 0, 0, cst)
	for _, tc := range []struct {
		in   string
		want time.Time
		err  string
	}{
		{in: "2025-03-05T10:00:00-06:00", want: want},
		{in: "2025-03-05T16:00:00Z", want: want},
		{in: "2025-03-05T16:00:00z", want: want},
		{in: "2025-03-05 10:00:00-06:00", want: want},
		{in: "2025-03-05t10:00:00-06:00", want: want},
		{in: "2025-03-05T10:00-06:00", want: want},
		{in: "2025-03-05T10:00:00-0600", want: want},
		{in: "2025-03-05T10:00-0600", want: want},
		{in: "2025-03-05T16:00:00.250Z", want: want.Add(250 * time.Millisecond)},
		{in: "2025-03-05T10:00:00", err: `time "2025-03-05T10:00:00" has no UTC offset: add Z or one like -06:00`},
		{in: "2025-03-05 10:00", err: "has no UTC offset"},
		{in: "2025-03-05", err: "has no UTC offset"},
		{in: "2025-02-30T10:00:00Z", err: `"2025-02-30T10:00:00Z" is not an ISO 8601 time such as 2025-03-05T10:00:00-06:00`},
		{in: "03/05/2025 10:00", err: "is not an ISO 8601 time"},
		{in: "", err: "is not an ISO 8601 time"},
	} {
		got, err := ParseTime(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseTime(%q): error %v, want %q", tc.in, err, tc.err)
		case tc.err == "" && (err != nil || !got.Equal(tc.want)):
			t.Errorf("ParseTime(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestReadTimes(t *testing.T) {
	at := func(s string) time.Time {
		t.Helper()
		x, err := ParseTime(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, tc := range []struct {
		name string
		in   string
		want map[string]time.Time
		err  string // the whole message
	}{
		{name: "header", in: "user_id,submitted_at\n1002,2025-03-06T15:00:00-06:00\nanon_Xy7Qz, 2025-03-05T16:00:00Z\n",
			want: map[string]time.Time{"1002": at("2025-03-06T15:00:00-06:00"), "anon_Xy7Qz": at("2025-03-05T16:00:00Z")}},
		{name: "no-header", in: "1002,2025-03-06T15:00:00-06:00\n",
			want: map[string]time.Time{"1002": at("2025-03-06T15:00:00-06:00")}},
		{name: "spreadsheet", in: "\ufeff\"User ID\",\"Submitted\"\r\n\"1002\",\"2025-03-06 15:00:00-06:00\"\r\n\r\n",
			want: map[string]time.Time{"1002": at("2025-03-06T15:00:00-06:00")}},
		{name: "latest-counts", in: "1002,2025-03-06T15:00:00-06:00\n1002,2025-03-07T15:00:00-06:00\n1002,2025-03-05T15:00:00-06:00\n",
			want: map[string]time.Time{"1002": at("2025-03-07T15:00:00-06:00")}},
		{name: "empty", in: "", want: map[string]time.Time{}},
		{name: "header-only", in: "user,time\n", want: map[string]time.Time{}},

		{name: "bad-time", in: "user,time\n1002,2025-03-06T15:00:00-06:00\n1003,yesterday\n",
			err: `late.csv:3: "yesterday" is not an ISO 8601 time such as 2025-03-05T10:00:00-06:00`},
		{name: "no-offset", in: "1003,2025-03-06 15:00\n", err: `late.csv:1: time "2025-03-06 15:00" has no UTC offset: add Z or one like -06:00`},
		{name: "bad-first-row", in: "1003,2025-13-06T15:00:00Z\n", err: `late.csv:1: "2025-13-06T15:00:00Z" is not an ISO 8601 time such as 2025-03-05T10:00:00-06:00`},
		{name: "three-columns", in: "1002,2025-03-06T15:00:00Z\nsmith,1003,2025-03-06T15:00:00Z\n", err: "late.csv:2: 3 columns, want 2: user id, submission time"},
		{name: "header-of-three", in: "name,user,time\n", err: "late.csv:1: 3 columns, want 2: user id, submission time"},
		{name: "one-column", in: "1002\n", err: "late.csv:1: 1 columns, want 2: user id, submission time"},
		{name: "no-id", in: "1002,2025-03-06T15:00:00Z\n ,2025-03-06T15:00:00Z\n", err: "late.csv:2: no user id"},
		{name: "bad-quote", in: "1002,2025-03-06T15:00:00Z\n\"10\"02,x\n", err: `late.csv:2: extraneous or missing " in quoted-field`},
		{name: "not-utf8", in: "1002,2025\xff\n", err: "late.csv: not UTF-8 text"},
		{name: "newline-in-id", in: "\"10\n02\",2025-03-06T15:00:00Z\nx,y\n", err: `late.csv:3: "y" is not an ISO 8601 time such as 2025-03-05T10:00:00-06:00`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadTimes("late.csv", strings.NewReader(tc.in))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	big := strings.Repeat("1,2025-03-06T15:00:00Z\n", MaxTimesBytes/23+1)
	if _, err := ReadTimes("big.csv", strings.NewReader(big)); err == nil || !strings.HasPrefix(err.Error(), "big.csv: larger than") {
		t.Errorf("a huge file: %v", err)
	}
}

// The handout's policy, as rubric.toml has it.
var handout = rubric.Late{Deadline: time.Date(2025, 3, 5, 9, 30, 0, 0, cst), Penalties: []float64{10, 25, 50}}

func TestDays(t *testing.T) {
	d := handout.Deadline
	l := Late{Policy: handout, Default: 1, Times: map[string]time.Time{
		"1001":       d.Add(-time.Hour),          // on time
		"1002":       d.Add(30 * time.Hour),      // two started days
		"anon_Xy7Qz": d.Add(time.Second),         // one
		"carol":      d.Add(4 * 24 * time.Hour),  // four: not accepted
		"1005":       d.Add(24 * time.Hour),      // exactly one day
		"erin_1005":  d.Add(50 * 24 * time.Hour), // the user id comes first
	}}
	for _, tc := range []struct {
		sub  submission.Submission
		want int
	}{
		{submission.Submission{ID: "alice_1001", UserID: "1001"}, 0},
		{submission.Submission{ID: "alice_1001", UserID: "1001", LateMarker: true}, 0}, // the time wins over the marker
		{submission.Submission{ID: "bob_1002", UserID: "1002", LateMarker: true}, 2},
		{submission.Submission{ID: "anon_Xy7Qz", LateMarker: true}, 1},
		{submission.Submission{ID: "carol"}, 4},
		{submission.Submission{ID: "erin_1005", UserID: "1005"}, 1},
		{submission.Submission{ID: "dave_1004", UserID: "1004", LateMarker: true}, 1}, // not listed: the default
		{submission.Submission{ID: "fay_1006", UserID: "1006"}, 0},
		{submission.Submission{ID: "1001"}, 0}, // a folder named as a user id
	} {
		if got := l.Days(tc.sub); got != tc.want {
			t.Errorf("Days(%s) = %d, want %d", tc.sub.ID, got, tc.want)
		}
	}
	l.Default = 3
	if got := l.Days(submission.Submission{ID: "dave_1004", UserID: "1004", LateMarker: true}); got != 3 {
		t.Errorf("--late-days-default 3 gave %d", got)
	}
	if got := (Late{Policy: handout}).Days(submission.Submission{ID: "x", LateMarker: true}); got != 0 {
		t.Errorf("default 0 gave %d", got)
	}
}

// TestUnmatched: each id of the file that names no submission of the
// batch, by user id or by ID, is warned of with its line, in the file's
// order; a listed id that matches is not.
func TestUnmatched(t *testing.T) {
	csv := "user,time\n" +
		"1001,2025-03-05T09:00:00-06:00\n" +
		"9999,2025-03-05T09:00:00-06:00\n" +
		"anon_Xy7Qz,2025-03-05T09:00:00-06:00\n" +
		"\n" +
		"carl,2025-03-05T09:00:00-06:00\n" +
		"carol,2025-03-05T09:00:00-06:00\n" +
		"9999,2025-03-06T09:00:00-06:00\n"
	var l Late
	if err := l.Read("late.csv", strings.NewReader(csv)); err != nil {
		t.Fatal(err)
	}
	subs := []submission.Submission{
		{ID: "alice_1001", UserID: "1001"},
		{ID: "anon_Xy7Qz"},
		{ID: "carol"},
		{ID: "dave_1004", UserID: "1004"},
	}
	got := l.Unmatched(subs)
	want := []string{
		`late.csv:6: "carl" is no submission's user id or id in this batch: its time is not used`,
		`late.csv:8: "9999" is no submission's user id or id in this batch: its time is not used`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Unmatched:\n got %q\nwant %q", got, want)
	}
	if got := (Late{}).Unmatched(subs); got != nil {
		t.Errorf("without a file: %q", got)
	}
}
