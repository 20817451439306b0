package org.reusedetector.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;
import org.reusedetector.cli.Main;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.Json;
import org.reusedetector.model.AlertType;
import picocli.CommandLine;

/**
 * One spelling on every surface a user names in configuration, code or dashboards: "neighborhood", as in the configuration
 * keys and the paper. Prose may say "neighbourhood"; identifiers may not. Operator uids and state names keep their old
 * spelling because checkpoints find state by them (they are not checked here).
 */
class PublicSpellingTest {

    private static final String BRITISH = "neighbour";

    private static final java.util.Set<String> WRITTEN_AS_JSON = java.util.Set.of(
            "org.reusedetector.model",
            "org.reusedetector.batch",
            "org.reusedetector.discover",
            "org.reusedetector.imatch");

    /**
     * Field names that are also field names of checkpointed POJO state: the threshold statistic's state holds
     * {@code BadnessStatistic}, so renaming its field would orphan that state in every running job's checkpoint.
     */
    private static final java.util.Set<String> KEPT_FOR_CHECKPOINTS =
            java.util.Set.of("BadnessStatistic.neighbourhoods");

    @Test
    void configurationKeysSpellNeighborhood() throws IllegalAccessException {
        List<String> keys = new ArrayList<>();
        for (Field field : ReuseDetectorOptions.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof ConfigOption<?> option) {
                keys.add(option.key());
            }
        }
        assertThat(keys).isNotEmpty().anyMatch(key -> key.startsWith("neighborhood."));
        assertThat(keys).noneMatch(PublicSpellingTest::british);
    }

    @Test
    void metricNamesSpellNeighborhood() throws IllegalAccessException {
        List<String> names = new ArrayList<>();
        for (Field field : Metrics.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof String name) {
                names.add(name);
            }
        }
        assertThat(names).contains("neighborhoodAlerts").noneMatch(PublicSpellingTest::british);
    }

    @Test
    void alertTypesSpellNeighborhood() {
        assertThat(Arrays.stream(AlertType.values()).map(AlertType::wireName))
                .contains("neighborhood")
                .noneMatch(PublicSpellingTest::british);
    }

    /**
     * Every field of the records in the packages whose records the project writes as JSON: alerts and labels
     * ({@code model}), {@code detect}'s outputs ({@code batch}), {@code discover}'s and {@code near-dups}' outputs.
     * Checkpointed state records and settings are not written, so their field names are free.
     */
    @Test
    void jsonFieldsSpellNeighborhood() {
        List<String> fields = new ArrayList<>();
        for (JavaClass javaClass : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.reusedetector")) {
            if (!javaClass.isRecord() || !WRITTEN_AS_JSON.contains(javaClass.getPackageName())) {
                continue;
            }
            Class<?> type = javaClass.reflect();
            if (Arrays.stream(type.getRecordComponents())
                    .anyMatch(c -> c.getType().getName().startsWith("org.apache.flink."))) {
                continue; // a topology's handles on its streams, never written
            }
            BeanDescription description =
                    Json.MAPPER.getSerializationConfig().introspect(Json.MAPPER.constructType(type));
            for (BeanPropertyDefinition property : description.findProperties()) {
                fields.add(type.getSimpleName() + "." + property.getName());
            }
        }
        fields.removeAll(KEPT_FOR_CHECKPOINTS);
        assertThat(fields)
                .contains("BackfillSummary.bad_neighborhoods")
                .noneMatch(field -> british(field.substring(field.indexOf('.') + 1)));
    }

    @Test
    void commandOptionsSpellNeighborhood() {
        List<String> names = new ArrayList<>();
        collectOptionNames(new CommandLine(new Main()), names);
        assertThat(names).isNotEmpty().noneMatch(PublicSpellingTest::british);
    }

    private static void collectOptionNames(CommandLine command, List<String> names) {
        names.add(command.getCommandName());
        command.getCommandSpec().options().forEach(option -> names.addAll(Arrays.asList(option.names())));
        command.getSubcommands().values().forEach(sub -> collectOptionNames(sub, names));
    }

    private static boolean british(String name) {
        return name.toLowerCase(java.util.Locale.ROOT).contains(BRITISH);
    }
}
