public final class Recursion {
    private Recursion() {
    }

    public static long fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    public static String reverse(String s) {
        return s.isEmpty() ? s : reverse(s.substring(1)) + s.charAt(0);
    }

    public static int sumDigits(int n) {
        return n < 10 ? n : n % 10 + sumDigits(n / 10);
    }

    public static double power(double x, int n) {
        if (n == 0) {
            return 1;
        }
        if (n < 0) {
            return 1 / power(x, -n);
        }
        double half = power(x, n / 2);
        return n % 2 == 0 ? half * half : half * half * x;
    }

    public static boolean palindrome(String s) {
        return s.length() < 2 || s.charAt(0) == s.charAt(s.length() - 1) && palindrome(s.substring(1, s.length() - 1));
    }
}
