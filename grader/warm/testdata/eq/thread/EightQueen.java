// Starts a thread that keeps printing: the warm harness cannot stop it, so
// the submission runs cold from that case on.
public class EightQueen {
    public static void main(String[] args) throws Exception {
        System.out.println("case " + args[0]);
        if (args[0].equals("thread")) {
            Thread t = new Thread(() -> {
                while (true) {
                    System.out.println("tick");
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            Thread.sleep(100);
        }
    }
}
