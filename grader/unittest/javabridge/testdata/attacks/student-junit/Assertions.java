package org.junit.jupiter.api;

// A student's class in JUnit's own package: it never reaches the tests.
public class Assertions {
    public static void assertEquals(int a, int b) {
    }
}
