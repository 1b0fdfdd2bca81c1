// Starts a thread that outlives main: the warm harness cannot stop it, so
// the submission runs cold from that case on. The thread prints once,
// then waits: what the case prints does not depend on how fast the
// machine is.
public class EightQueen {
    public static void main(String[] args) throws Exception {
        System.out.println("case " + args[0]);
        if (args[0].equals("thread")) {
            java.util.concurrent.CountDownLatch printed = new java.util.concurrent.CountDownLatch(1);
            Thread t = new Thread(() -> {
                System.out.println("tick");
                printed.countDown();
                while (true) {
                    try {
                        Thread.sleep(60000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            t.setDaemon(true);
            t.start();
            printed.await();
        }
    }
}
