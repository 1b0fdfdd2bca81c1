// Package similarity finds copied code in a batch of submissions: each
// file is first made into the text its compiler reads (the Java
// compiler's unicode escapes, C's line splices, and trigraphs where the
// toolchain's gcc mode reads them, Python's coding line: see source),
// then read by a small lexer of its language (C, C++, Java, Python: the
// lexer its toolchain names, toolchain.Toolchain.Lexer) into
// normalised tokens (every identifier one token, every literal of a kind
// one token, comments and layout dropped), put in a canonical form (in
// C, C++ and Java: braces and the types of declarations dropped, every
// loop one kind of token: canon), the token stream is cut into k-grams
// whose hashes are winnowed into fingerprints (Schleimer,
// Wilkerson and Aiken 2003), and every pair of submissions is scored by
// the share of their fingerprints found in the other, pooled over both.
// In a batch of ten or more, a fingerprint most submissions have is
// dropped and one several have weighs less (index): code every solution
// of the task has is not evidence of copying. The pairs shown are then
// aligned token by token (greedy tiling of the k-gram matches) to find
// the matching regions and the longest match.
//
// Code given as base (a handout's skeleton) is never counted as copied;
// submissions of an earlier term or public solutions (Against) are
// compared with the batch but not among themselves. A submission with no
// token (no source file of a known language, or one the batch could not
// read) is listed as not compared, never dropped.
//
// The work is bounded whatever a submission holds: at most MaxTokens
// tokens of a submission and MaxFileBytes of a file are read (a note
// says what was cut), and the alignment of a pair does a bounded number
// of token comparisons (see align). Nothing here changes a score: the
// report is for a person to read.
package similarity
