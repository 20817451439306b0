package org.reusedetector.local;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The embedded broker as a process of its own: {@code java -cp ... org.reusedetector.local.KafkaBrokerMain PORT [DATA_DIR]}.
 * Prints {@code BOOTSTRAP localhost:<port>} once clients can connect, and stops when its standard input closes
 * (so it does not outlive a parent that started it with a pipe, even one that was killed).
 */
public final class KafkaBrokerMain {
    public static final String READY_PREFIX = "BOOTSTRAP ";

    private KafkaBrokerMain() {}

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Path dataDir = args.length > 1 ? Path.of(args[1]) : null;
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(port, dataDir)) {
            System.out.println(READY_PREFIX + broker.bootstrapServers());
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for end of input
            }
        }
        System.exit(0);
    }
}
