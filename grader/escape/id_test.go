package escape

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestID(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"alice", "alice"},
		{"alice_01-x.y", "alice_01-x.y"},
		{"аlice", "<U+0430>lice ⚠"},                             // Cyrillic а
		{"alice\u202e", "alice<U+202E> ⚠"},                      // right-to-left override
		{"\u202eecila", "<U+202E>ecila ⚠"},                      //
		{"bob\u200b", "bob<U+200B> ⚠"},                          // zero-width space
		{"bob\u00a0", "bob<U+00A0> ⚠"},                          // no-break space
		{"\u3164", "<U+3164> ⚠"},                                // Hangul filler
		{"José", "José"},                                        // one script, precomposed
		{"Jose\u0301", "Jose<U+0301> ⚠"},                        // a combining accent
		{"王伟", "王伟"},                                            //
		{"tanaka太郎", "tanaka太郎"},                                // Latin with Han
		{"Анна", "Анна"},                                        // Cyrillic, not all drawn as ASCII
		{"Аnna", "<U+0410>nna ⚠"},                               // Cyrillic А with Latin
		{"Васа", "<U+0412><U+0430><U+0441><U+0430> ⚠"},          // all drawn as ASCII: "Baca"
		{"ａｌｉｃｅ", "<U+FF41><U+FF4C><U+FF49><U+FF43><U+FF45> ⚠"}, // full-width
		{"𝐚lice", "<U+1D41A>lice ⚠"},                            // mathematical bold
		{"a<b", "a<U+003C>b"},                                   //
		{"<U+0430>lice", "<U+003C>U+0430>lice"},                 // an id that spells an escape
		{"x\xff", "x<0xFF> ⚠"},                                  //
		{"x\ufffd", "x<U+FFFD> ⚠"},                              //
		{"a\x1b[2Jb", "a<U+001B>[2Jb ⚠"},                        //
		{"a\nb", "a<U+000A>b ⚠"},                                //
		{"bob ⚠", "bob <U+26A0> ⚠"},
		{"か\u3099", "<U+304B><U+3099> ⚠"},        // a combining dakuten: が
		{"が", "が"},                               // a fake flag
		{"alice ", "alice<U+0020> ⚠"},            // a trailing space
		{" alice", "<U+0020>alice ⚠"},            // a leading one
		{"ann  lee", "ann<U+0020><U+0020>lee ⚠"}, // two in a row
		{"ann lee", "ann lee"},                   // one, inside
		{"", ""},
	} {
		if got := ID(tc.id); got != tc.want {
			t.Errorf("ID(%q) = %q, want %q", tc.id, got, tc.want)
		}
		if Deceptive(tc.id) != strings.HasSuffix(tc.want, Flag) {
			t.Errorf("Deceptive(%q) = %v", tc.id, Deceptive(tc.id))
		}
	}
}

// checkID fails when an id's shown form could act on a terminal or hide
// a character (checkShown), or a deceptive id has no flag.
func checkID(t *testing.T, id string) {
	shown := ID(id)
	if !utf8.ValidString(shown) {
		t.Fatalf("ID(%q) = %q is not UTF-8", id, shown)
	}
	for _, r := range shown {
		if r < ' ' || r == 0x7f || r >= 0x80 && (invisible(r) || asciiLike(r) || unicode.In(r, unicode.Mn, unicode.Me) && Deceptive(id)) {
			t.Fatalf("ID(%q) = %q shows %U as it is", id, shown, r)
		}
	}
	if Deceptive(id) && !strings.HasSuffix(shown, Flag) {
		t.Fatalf("ID(%q) = %q: deceptive, no flag", id, shown)
	}
	if Deceptive(id) && strings.ContainsFunc(strings.TrimSuffix(shown, Flag), func(r rune) bool { return r >= utf8.RuneSelf }) {
		t.Fatalf("ID(%q) = %q: deceptive, a character shown as it is", id, shown)
	}
}

// FuzzID: every id is shown safely, and two different ids differently.
func FuzzID(f *testing.F) {
	for _, s := range [][2]string{{"alice", "аlice"}, {"alice\u202e", "alice"}, {"<U+0430>lice", "аlice"}, {"bob ⚠", "bob"},
		{"<a", "\u202e<a"}, {"x\xff", "x\ufffd"}, {"José", "Jose\u0301"}, {"Анна", "Аnna"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		checkID(t, a)
		checkID(t, b)
		if a != b && ID(a) == ID(b) {
			t.Fatalf("ID(%q) and ID(%q) are both %q", a, b, ID(a))
		}
	})
}
