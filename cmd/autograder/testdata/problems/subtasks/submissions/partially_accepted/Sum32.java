import java.util.Scanner;

// Partially accepted: an int overflows in group 2.
public class Sum32 {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt(), sum = 0;
        for (int i = 0; i < n; i++) sum += (int) in.nextLong();
        System.out.println(sum);
    }
}
