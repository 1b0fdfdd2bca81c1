import java.util.Scanner;

// Accepted: ascending order; the mean as Java prints a double.
public class Divisors {
    public static void main(String[] args) {
        long n = new Scanner(System.in).nextLong();
        StringBuilder sb = new StringBuilder();
        double sum = 0;
        int count = 0;
        for (long d = 1; d <= n; d++) {
            if (n % d == 0) {
                sb.append(count++ == 0 ? "" : " ").append(d);
                sum += d;
            }
        }
        System.out.println(sb);
        System.out.println(sum / count);
    }
}
