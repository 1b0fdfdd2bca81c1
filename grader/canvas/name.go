// Package canvas reads what Canvas gives a TA: the zip of an assignment's
// "Download Submissions", as one submission per student, and the days late
// of each, from a CSV of submission times or Canvas's LATE marker. (The
// gradebook Canvas imports back is written by package report.)
//
// # File names
//
// Canvas names every file of the download
//
//	<name>[_LATE]_<user id>_<attachment id>_<display name>
//
// where name is the student's sortable name lower-cased with every
// non-word character removed ("Smith, John" is smithjohn), user id and
// attachment id are digits, and the display name is the file's name as the
// student uploaded it (it may hold underscores; Canvas adds "-1", "-2" to a
// name the student had uploaded before: EightQueen-1.java). Older Canvas
// writes late in lower case. Under anonymous grading the name and user id
// are replaced by anon_<anonymous id>, and a LATE marker comes first:
//
//	[LATE_]anon_<anonymous id>_<attachment id>_<display name>
//
// A text entry or a URL submitted online has no attachment:
// <name>[_LATE]_<user id>_text.html (or _link.html), or
// [LATE_]anon_<anonymous id>_text.html.
//
// # Submissions
//
// A download gives one submission.Submission per student, whose ID is
// <name>_<user id> (anon_<anonymous id> under anonymous grading), with
// Student, UserID and LateMarker set. Its files are the student's
// attachments under their display names, read with the checks and limits
// of submission.LoadEntries: a zip the student uploaded (hw4.zip) is
// unpacked one level under its name; a hostile or oversized entry makes
// that one student's submission unreadable, never the batch. The "-N"
// Canvas adds is dropped (EightQueen-1.java is EightQueen.java); when
// several attachments then have one name, the newest (the highest
// attachment id) is kept and the others are left out, as Canvas would grade
// the latest upload. A text entry is kept as text.html (a URL as
// link.html): it is not source code, so a student who submitted only text
// gets missing-file, like one who uploaded the wrong file.
//
// A download is recognised by its names (IsDownload): Discover takes it
// among the other inputs of a batch. An entry that belongs to no student is
// skipped with a warning; one with a path or a link is refused (Canvas
// writes neither), spoiling the submission of the student it names.
//
// # Days late
//
// Late.Days counts them from a student's submission time (ReadTimes: a CSV
// of user ids and ISO 8601 times) against the rubric's deadline, each
// started 24 hours a day; a student the times do not list is Late.Default
// days late when Canvas marked the submission LATE.
package canvas

import (
	"regexp"
	"strings"
)

// Name is what Canvas's name of a downloaded file says.
type Name struct {
	Student     string // the name part ("smithjohn"); "" under anonymous grading
	UserID      string // digits; "" under anonymous grading
	AnonymousID string // under anonymous grading; "" otherwise
	Late        bool   // the LATE marker
	// AttachmentID is the uploaded file's id (digits); "" for a text entry
	// or URL submitted online.
	AttachmentID string
	// File is the display name of an upload, or text.html or link.html.
	File string
	// lowerLate records a late marker written "late", for String.
	lowerLate bool
}

// A name is made of word characters, as Ruby's [[:word:]] has them.
const word = `[\p{L}\p{M}\p{N}\p{Pc}]`

var (
	// (?s): a display name may hold any character Canvas does not replace.
	anonUpload = regexp.MustCompile(`(?s)\A(LATE_|late_)?anon_([A-Za-z0-9]+)_([0-9]+)_(.+)\z`)
	anonOnline = regexp.MustCompile(`\A(LATE_|late_)?anon_([A-Za-z0-9]+)_(text|link)\.html\z`)
	upload     = regexp.MustCompile(`(?s)\A(` + word + `+?)(_LATE|_late)?_([0-9]+)_([0-9]+)_(.+)\z`)
	online     = regexp.MustCompile(`\A(` + word + `+?)(_LATE|_late)?_([0-9]+)_(text|link)\.html\z`)
)

// ParseName reads a file name of a Canvas download; ok is false when s is
// not one. The name is split at the first "_<digits>_<digits>_" (Canvas
// removes such runs from students' names so that the split is unambiguous);
// a name starting anon_ is read as anonymous.
func ParseName(s string) (n Name, ok bool) {
	if m := anonUpload.FindStringSubmatch(s); m != nil {
		return Name{AnonymousID: m[2], Late: m[1] != "", lowerLate: m[1] == "late_", AttachmentID: m[3], File: m[4]}, true
	}
	if m := anonOnline.FindStringSubmatch(s); m != nil {
		return Name{AnonymousID: m[2], Late: m[1] != "", lowerLate: m[1] == "late_", File: m[3] + ".html"}, true
	}
	if m := upload.FindStringSubmatch(s); m != nil {
		return Name{Student: m[1], Late: m[2] != "", lowerLate: m[2] == "_late", UserID: m[3], AttachmentID: m[4], File: m[5]}, true
	}
	if m := online.FindStringSubmatch(s); m != nil {
		return Name{Student: m[1], Late: m[2] != "", lowerLate: m[2] == "_late", UserID: m[3], File: m[4] + ".html"}, true
	}
	return Name{}, false
}

// ID is the submission ID of the student: <name>_<user id>, or
// anon_<anonymous id> under anonymous grading.
func (n Name) ID() string {
	if n.AnonymousID != "" {
		return "anon_" + n.AnonymousID
	}
	return n.Student + "_" + n.UserID
}

// Online reports whether the file is a text entry or URL submitted online,
// not an upload.
func (n Name) Online() bool { return n.AttachmentID == "" }

// String is the file name Canvas gives a file so described.
func (n Name) String() string {
	var b strings.Builder
	late := "LATE"
	if n.lowerLate {
		late = "late"
	}
	if n.AnonymousID != "" {
		if n.Late {
			b.WriteString(late + "_")
		}
		b.WriteString("anon_" + n.AnonymousID)
	} else {
		b.WriteString(n.Student)
		if n.Late {
			b.WriteString("_" + late)
		}
		b.WriteString("_" + n.UserID)
	}
	if n.AttachmentID != "" {
		b.WriteString("_" + n.AttachmentID)
	}
	b.WriteString("_" + n.File)
	return b.String()
}

// dupSuffix matches the "-N" Canvas adds before a display name's extension.
var dupSuffix = regexp.MustCompile(`(?s)\A(.+)-[0-9]+(\.[^.]*)?\z`)

// baseName is a display name without the "-N" Canvas adds to a name the
// student had uploaded before: EightQueen-1.java is EightQueen.java, hw4-2.zip
// is hw4.zip, notes-3 is notes.
func baseName(file string) string {
	if m := dupSuffix.FindStringSubmatch(file); m != nil {
		return m[1] + m[2]
	}
	return file
}
