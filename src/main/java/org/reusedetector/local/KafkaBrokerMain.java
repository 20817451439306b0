package org.reusedetector.local;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The embedded broker as a process of its own:
 * {@code java -cp target/reuse-detector.jar org.reusedetector.local.KafkaBrokerMain [PORT [DATA_DIR]] [--until-input-ends]}.
 * Prints {@code BOOTSTRAP localhost:<port>} once clients can connect and runs until stopped (Ctrl-C, kill); with
 * {@code --until-input-ends} it also stops when its standard input closes, so that it does not outlive a parent
 * that started it with a pipe, even one that was killed.
 */
public final class KafkaBrokerMain {
    public static final String READY_PREFIX = "BOOTSTRAP ";
    public static final String UNTIL_INPUT_ENDS = "--until-input-ends";

    private KafkaBrokerMain() {}

    public static void main(String[] arguments) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(arguments));
        boolean untilInputEnds = args.remove(UNTIL_INPUT_ENDS);
        int port = args.size() > 0 ? Integer.parseInt(args.get(0)) : 0;
        Path dataDir = args.size() > 1 ? Path.of(args.get(1)) : null;
        // the broker's own shutdown hook closes it on Ctrl-C or kill
        EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(port, dataDir);
        System.out.println(READY_PREFIX + broker.bootstrapServers());
        System.out.flush();
        if (untilInputEnds) {
            while (System.in.read() >= 0) {
                // wait for the end of input
            }
            broker.close();
            System.exit(0);
        }
        new CountDownLatch(1).await();
    }
}
