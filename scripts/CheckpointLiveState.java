// The live keyed state of a retained checkpoint of the stream, per operator and state, beside the size of its files:
// with RocksDB the job's checkpoints are RocksDB's own files (each subtask's SST files, copied as they are), which hold
// deleted entries until a compaction drops them, so their size says little about how much state is live. Copies each
// subtask's files to a temporary directory, opens them read-only and counts what RocksDB's iterators see (deleted
// entries are not seen). Used for docs/benchmarks.md "Soak".
// usage: java -cp target/reuse-detector.jar scripts/CheckpointLiveState.java DIR/checkpoints/JOB/chk-N

import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle;
import org.apache.flink.runtime.state.IncrementalRemoteKeyedStateHandle;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;

public class CheckpointLiveState {
    public static void main(String[] args) throws Exception {
        Path chk = Path.of(args[0]);
        CheckpointMetadata meta;
        try (DataInputStream in = new DataInputStream(new FileInputStream(chk.resolve("_metadata").toFile()))) {
            meta = Checkpoints.loadCheckpointMetadata(in, CheckpointLiveState.class.getClassLoader(), chk.toString());
        }
        RocksDB.loadLibrary();
        Path work = Files.createTempDirectory("checkpoint-live-state");
        Map<String, long[]> live = new TreeMap<>(); // operator id + state: entries, bytes
        long fileBytes = 0;
        long operatorStateBytes = 0;
        int instance = 0;
        try {
            for (OperatorState op : meta.getOperatorStates()) {
                for (OperatorSubtaskState sub : op.getStates()) {
                    for (OperatorStateHandle h : sub.getManagedOperatorState()) {
                        operatorStateBytes += h.getStateSize();
                    }
                    for (KeyedStateHandle handle : sub.getManagedKeyedState()) {
                        if (!(handle instanceof IncrementalRemoteKeyedStateHandle files)) {
                            throw new IllegalArgumentException("not RocksDB files: " + handle.getClass());
                        }
                        Path db = Files.createDirectories(work.resolve("db" + instance++));
                        List<IncrementalKeyedStateHandle.HandleAndLocalPath> all = new ArrayList<>(files.getSharedState());
                        all.addAll(files.getPrivateState());
                        for (var file : all) {
                            fileBytes += file.getStateSize();
                            try (InputStream in = file.getHandle().openInputStream()) {
                                Files.copy(in, db.resolve(file.getLocalPath()));
                            }
                        }
                        count(db, op.getOperatorID().toString().substring(0, 8), live);
                    }
                }
            }
        } finally {
            try (Stream<Path> paths = Files.walk(work)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        long liveBytes = 0;
        for (var e : live.entrySet()) {
            liveBytes += e.getValue()[1];
            System.out.printf("%-56s %9d live entries %11d bytes%n", e.getKey(), e.getValue()[0], e.getValue()[1]);
        }
        System.out.printf(
                "keyed state: %d bytes of files, %d bytes live (keys and values); operator state %d bytes%n",
                fileBytes, liveBytes, operatorStateBytes);
    }

    private static void count(Path db, String operator, Map<String, long[]> live) throws Exception {
        List<byte[]> families;
        try (Options options = new Options()) {
            families = RocksDB.listColumnFamilies(options, db.toString());
        }
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] family : families) {
            descriptors.add(new ColumnFamilyDescriptor(family));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions();
                RocksDB rocks = RocksDB.openReadOnly(options, db.toString(), descriptors, handles)) {
            for (int i = 0; i < handles.size(); i++) {
                String name = new String(families.get(i));
                if (name.equals("default")) {
                    continue;
                }
                long[] c = live.computeIfAbsent(operator + " " + name, k -> new long[2]);
                try (RocksIterator it = rocks.newIterator(handles.get(i))) {
                    for (it.seekToFirst(); it.isValid(); it.next()) {
                        c[0]++;
                        c[1] += it.key().length + it.value().length;
                    }
                }
            }
            handles.forEach(ColumnFamilyHandle::close);
        }
    }
}
