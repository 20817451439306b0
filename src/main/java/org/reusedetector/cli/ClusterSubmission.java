package org.reusedetector.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code stream --submit HOST:PORT}: the Flink settings that send the job to a session cluster's REST endpoint
 * (a remote executor) with the thin job jar. Everything the job needs travels in the job graph (its operators
 * carry the detector's settings) and the jar; the cluster reads nothing from the client's disk.
 */
final class ClusterSubmission {
    static final String THIN_JAR = "reuse-detector-thin.jar";

    private ClusterSubmission() {}

    static Map<String, String> settings(String restAddress, Path jobJar) {
        int colon = restAddress.lastIndexOf(':');
        if (colon <= 0 || colon == restAddress.length() - 1) {
            throw new IllegalArgumentException(
                    "--submit takes HOST:PORT (the cluster's REST address), not " + restAddress);
        }
        Path jar = jobJar != null ? jobJar : defaultJobJar();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(
                    "job jar " + jar + " not found (build it: mvn -B -q package -DskipTests; or pass --job-jar)");
        }
        return Map.of(
                "flink.execution.target", "remote",
                "flink.rest.address", restAddress.substring(0, colon),
                "flink.rest.port", restAddress.substring(colon + 1),
                "flink.execution.attached", "true",
                "flink.pipeline.jars", jar.toAbsolutePath().toUri().toString());
    }

    /** The thin jar beside the jar this class came from (target/ after a build). */
    private static Path defaultJobJar() {
        try {
            Path running = Path.of(ClusterSubmission.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return running.resolveSibling(THIN_JAR);
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("target", THIN_JAR);
        }
    }
}
