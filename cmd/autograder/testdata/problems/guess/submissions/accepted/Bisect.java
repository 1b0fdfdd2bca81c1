import java.util.Scanner;

// Accepted: binary search; println on System.out flushes each line.
public class Bisect {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int lo = 1, hi = 1000;
        while (lo <= hi) {
            int mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String reply = in.next();
            if (reply.equals("correct")) return;
            if (reply.equals("lower")) hi = mid - 1; else lo = mid + 1;
        }
    }
}
