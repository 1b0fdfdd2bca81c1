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
            case "hold": // an honest 100 MiB, 1 MiB at a time, touched
                List<byte[]> held = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    byte[] b = new byte[1 << 20];
                    for (int j = 0; j < b.length; j += 4096) {
                        b[j] = 1;
                    }
                    held.add(b);
                }
                System.out.println("held " + held.size() + " MiB");
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
