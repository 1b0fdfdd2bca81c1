package canvas

import "testing"

func TestParseName(t *testing.T) {
	tests := []struct {
		in   string
		want Name // zero: not a Canvas name
		id   string
	}{
		{in: "smithjohn_12345_67890_EightQueen.java",
			want: Name{Student: "smithjohn", UserID: "12345", AttachmentID: "67890", File: "EightQueen.java"}, id: "smithjohn_12345"},
		{in: "smithjohn_LATE_12345_67890_EightQueen.java",
			want: Name{Student: "smithjohn", UserID: "12345", Late: true, AttachmentID: "67890", File: "EightQueen.java"}, id: "smithjohn_12345"},
		{in: "smithjohn_late_12345_67890_EightQueen.java",
			want: Name{Student: "smithjohn", UserID: "12345", Late: true, lowerLate: true, AttachmentID: "67890", File: "EightQueen.java"}, id: "smithjohn_12345"},
		// Underscores and digits in the display name.
		{in: "leeann_7_8_hw4_final_2_copy.zip",
			want: Name{Student: "leeann", UserID: "7", AttachmentID: "8", File: "hw4_final_2_copy.zip"}, id: "leeann_7"},
		{in: "leeann_7_8_9_10_x",
			want: Name{Student: "leeann", UserID: "7", AttachmentID: "8", File: "9_10_x"}, id: "leeann_7"},
		// Canvas's duplicate suffix stays in File; baseName drops it.
		{in: "leeann_7_8_EightQueen-1.java",
			want: Name{Student: "leeann", UserID: "7", AttachmentID: "8", File: "EightQueen-1.java"}, id: "leeann_7"},
		// Names keep underscores (o_brien) and digits not between underscores,
		// and may be in any script.
		{in: "o_brienpat2_31_32_EightQueen.java",
			want: Name{Student: "o_brienpat2", UserID: "31", AttachmentID: "32", File: "EightQueen.java"}, id: "o_brienpat2_31"},
		{in: "müllerjörg_5_6_EightQueen.java",
			want: Name{Student: "müllerjörg", UserID: "5", AttachmentID: "6", File: "EightQueen.java"}, id: "müllerjörg_5"},
		// A student named late, on time and late.
		{in: "late_5_6_a.java", want: Name{Student: "late", UserID: "5", AttachmentID: "6", File: "a.java"}, id: "late_5"},
		{in: "late_LATE_5_6_a.java", want: Name{Student: "late", UserID: "5", Late: true, AttachmentID: "6", File: "a.java"}, id: "late_5"},
		// Online text entries and URLs.
		{in: "smithjohn_12345_text.html", want: Name{Student: "smithjohn", UserID: "12345", File: "text.html"}, id: "smithjohn_12345"},
		{in: "smithjohn_LATE_12345_link.html", want: Name{Student: "smithjohn", UserID: "12345", Late: true, File: "link.html"}, id: "smithjohn_12345"},
		// An uploaded file called text.html has an attachment id.
		{in: "smithjohn_12345_9_text.html", want: Name{Student: "smithjohn", UserID: "12345", AttachmentID: "9", File: "text.html"}, id: "smithjohn_12345"},
		// Anonymous grading.
		{in: "anon_Xy7Qz_67890_EightQueen.java", want: Name{AnonymousID: "Xy7Qz", AttachmentID: "67890", File: "EightQueen.java"}, id: "anon_Xy7Qz"},
		{in: "LATE_anon_Xy7Qz_67890_EightQueen.java", want: Name{AnonymousID: "Xy7Qz", Late: true, AttachmentID: "67890", File: "EightQueen.java"}, id: "anon_Xy7Qz"},
		{in: "anon_Xy7Qz_text.html", want: Name{AnonymousID: "Xy7Qz", File: "text.html"}, id: "anon_Xy7Qz"},
		{in: "LATE_anon_Xy7Qz_link.html", want: Name{AnonymousID: "Xy7Qz", Late: true, File: "link.html"}, id: "anon_Xy7Qz"},
		// Display names with odd characters: kept as they are.
		{in: "a_1_2_caf\xe9 notes.txt", want: Name{Student: "a", UserID: "1", AttachmentID: "2", File: "caf\xe9 notes.txt"}, id: "a_1"},
		{in: "a_1_2_two\nlines", want: Name{Student: "a", UserID: "1", AttachmentID: "2", File: "two\nlines"}, id: "a_1"},

		// Not Canvas names.
		{in: "EightQueen.java"},
		{in: "hw4/EightQueen.java"},
		{in: "smithjohn_12345_EightQueen.java"}, // no attachment id
		{in: "smithjohn_x_67890_EightQueen.java"},
		{in: "smithjohn_12345_67890_"}, // no display name
		{in: "_12345_67890_EightQueen.java"},
		{in: "smith john_1_2_a.java"},    // a space is not a word character
		{in: "smith.john_1_2_a.java"},    // nor a dot
		{in: "../evil_1_2_a.java"},       // nor a slash
		{in: "caf\xe9_1_2_a.java"},       // invalid UTF-8 in the name
		{in: "smithjohn_1_text.htm"},     // not the online entry
		{in: "anon__1_a.java"},           // an empty anonymous id
		{in: "smithjohn_LATE_text.html"}, // no user id
		{in: "smithjohn_12345_67890"},    // nothing after the attachment id
		{in: ""},
	}
	for _, tc := range tests {
		got, ok := ParseName(tc.in)
		if ok != (tc.want != Name{}) || got != tc.want {
			t.Errorf("ParseName(%q) = %#v, %v; want %#v", tc.in, got, ok, tc.want)
			continue
		}
		if !ok {
			continue
		}
		if id := got.ID(); id != tc.id {
			t.Errorf("ParseName(%q).ID() = %q, want %q", tc.in, id, tc.id)
		}
		if s := got.String(); s != tc.in {
			t.Errorf("ParseName(%q).String() = %q", tc.in, s)
		}
	}
}

func TestBaseName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"EightQueen.java", "EightQueen.java"},
		{"EightQueen-1.java", "EightQueen.java"},
		{"EightQueen-12.java", "EightQueen.java"},
		{"hw4-2.zip", "hw4.zip"},
		{"notes-3", "notes"},
		{"a.b-1.java", "a.b.java"},
		{"-1.java", "-1.java"}, // nothing before the suffix
		{"x-.java", "x-.java"},
		{"x-1a.java", "x-1a.java"},
		{"hw4-1.tar.gz", "hw4-1.tar.gz"}, // the suffix is before the last extension only
		{"EightQueen-1.java.bak", "EightQueen-1.java.bak"},
	} {
		if got := baseName(tc.in); got != tc.want {
			t.Errorf("baseName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
