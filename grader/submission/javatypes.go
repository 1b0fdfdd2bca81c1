package submission

// JavaType is a type a Java source declares at its top level.
type JavaType struct {
	Kind   string // "class", "interface", "enum", "record" or "@interface"
	Name   string
	Public bool
}

// JavaTypes lists the top-level types a Java source declares, in order,
// reading it as JavaPackage does: comments and literals skipped, so a
// class in a comment is none, and types nested in another's body left
// out. javac puts each in a class file named after it; one that is public
// must be in a file of its name. A source that does not parse gives what
// could be read of it.
func JavaTypes(src []byte) []JavaType {
	s := &javaScanner{src: src}
	var out []JavaType
	depth, parens := 0, 0 // braces and parentheses open
	public := false       // a public modifier before the next declaration
	var prev javaToken
	for t := s.next(); t.text != ""; prev, t = t, s.next() {
		switch t.text {
		case "{":
			depth++
			public = false
		case "}":
			depth = max(depth-1, 0)
			public = false
		case "(":
			parens++
		case ")":
			parens = max(parens-1, 0)
		case ";":
			public = false
		}
		if depth > 0 || parens > 0 || !t.word {
			continue
		}
		switch t.text {
		case "public":
			public = true
			continue
		case "class", "interface", "enum", "record":
		default:
			continue
		}
		if prev.text == "." { // String.class in an annotation
			continue
		}
		mark := s.i
		name := s.next()
		if !name.ident() || isJavaKeyword(name.text) {
			s.i = mark
			continue
		}
		kind := t.text
		switch {
		case kind == "interface" && prev.text == "@":
			kind = "@interface"
		case kind == "record":
			// A contextual keyword: a record's name is followed by its
			// header or type parameters.
			after := s.i
			if n := s.next(); n.text != "(" && n.text != "<" {
				s.i = mark
				continue
			}
			s.i = after
		}
		out = append(out, JavaType{Kind: kind, Name: name.text, Public: public})
		public = false
		t = name
	}
	return out
}

// JavaBlank reports whether a Java source holds nothing but white space
// and comments.
func JavaBlank(src []byte) bool {
	s := &javaScanner{src: src}
	return s.next().text == ""
}

// isJavaKeyword reports whether a word is one of the keywords that can
// follow "class" or "interface" where no name does (class { in an
// anonymous class is a brace, not a word).
func isJavaKeyword(w string) bool {
	switch w {
	case "class", "interface", "enum", "extends", "implements", "permits", "public", "static", "final", "abstract":
		return true
	}
	return false
}
