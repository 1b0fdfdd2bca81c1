import java.util.ArrayList;
import java.util.List;

// Attack misbehaves as its first argument says.
public class Attack {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "threads": // a thread bomb
                for (int i = 0; ; i++) {
                    Thread t = new Thread(() -> {
                        try {
                            Thread.sleep(Long.MAX_VALUE);
                        } catch (InterruptedException e) {
                        }
                    });
                    t.setDaemon(true);
                    t.start();
                    if (i % 10 == 0) {
                        System.out.println("threads: " + i);
                    }
                }
            case "alloc": // 4 GB, 64 MB at a time
                List<byte[]> hog = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    hog.add(new byte[64 << 20]);
                }
                System.out.println("allocated " + hog.size() * 64 + " MB");
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
