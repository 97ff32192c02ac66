#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

struct hls_segment {
    double duration;
    char title[64];
    char uri[256];
    long long offset;
    long long length;
    int discontinuity;
};

struct hls_playlist {
    int version;
    int target_duration;
    long long media_sequence;
    int endlist;
    size_t nsegs, cap;
    struct hls_segment *segs;
};

struct pending_info {
    double duration;
    char title[64];
    long long length;
    long long offset;
    int has_range;
    int discontinuity;
};

static struct hls_segment *add_segment(struct hls_playlist *pl)
{
    struct hls_segment *ns;

    if (pl->nsegs == pl->cap) {
        size_t ncap = pl->cap ? pl->cap * 2 : 4;
        ns = realloc(pl->segs, ncap * sizeof(*ns));
        if (!ns)
            return NULL;
        pl->segs = ns;
        pl->cap = ncap;
    }
    ns = &pl->segs[pl->nsegs++];
    memset(ns, 0, sizeof(*ns));
    return ns;
}

static void parse_byterange(struct pending_info *pi, const char *val)
{
    const char *at = strchr(val, '@');

    pi->has_range = 1;
    pi->length = atoll(val);
    pi->offset = at ? atoll(at + 1) : -1;
}

int hls_parse_line(struct hls_playlist *pl, struct pending_info *pi, const char *line)
{
    struct hls_segment *seg, *prev;

    if (!strncmp(line, "#EXTINF:", 8)) {
        const char *comma = strchr(line, ',');
        pi->duration = atof(line + 8);
        snprintf(pi->title, sizeof(pi->title), "%s", comma ? comma + 1 : "");
    } else if (!strncmp(line, "#EXT-X-BYTERANGE:", 17)) {
        parse_byterange(pi, line + 17);
    } else if (!strncmp(line, "#EXT-X-VERSION:", 15)) {
        pl->version = atoi(line + 15);
    } else if (!strncmp(line, "#EXT-X-TARGETDURATION:", 22)) {
        pl->target_duration = atoi(line + 22);
    } else if (!strncmp(line, "#EXT-X-MEDIA-SEQUENCE:", 22)) {
        pl->media_sequence = atoll(line + 22);
    } else if (!strcmp(line, "#EXT-X-DISCONTINUITY")) {
        pi->discontinuity = 1;
    } else if (!strcmp(line, "#EXT-X-ENDLIST")) {
        pl->endlist = 1;
    } else if (line[0] != '#' && line[0] != '\0') {
        if (strlen(line) >= sizeof(seg->uri))
            return -ENAMETOOLONG;
        seg = add_segment(pl);
        if (!seg)
            return -ENOMEM;
        prev = pl->nsegs > 1 ? &pl->segs[pl->nsegs - 2] : NULL;
        strcpy(seg->uri, line);
        strcpy(seg->title, pi->title);
        seg->duration = pi->duration;
        seg->discontinuity = pi->discontinuity;
        if (pi->has_range) {
            seg->length = pi->length;
            seg->offset = pi->offset;
            if (seg->offset < 0)
                seg->offset = prev ? prev->offset + prev->length : 0;
        }
        memset(pi, 0, sizeof(*pi));
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct hls_playlist pl;
    struct pending_info pi;
    char line[1024];
    FILE *fp = stdin;
    double total = 0;
    size_t i;
    int ret = 0;

    if (argc > 1 && !(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    memset(&pl, 0, sizeof(pl));
    memset(&pi, 0, sizeof(pi));
    if (!fgets(line, sizeof(line), fp) || strncmp(line, "#EXTM3U", 7)) {
        fprintf(stderr, "missing #EXTM3U header\n");
        if (fp != stdin)
            fclose(fp);
        return 1;
    }
    while (fgets(line, sizeof(line), fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        ret = hls_parse_line(&pl, &pi, line);
        if (ret < 0)
            break;
    }
    if (fp != stdin)
        fclose(fp);
    printf("version %d target %ds seq %lld %s\n", pl.version, pl.target_duration,
           pl.media_sequence, pl.endlist ? "VOD" : "live");
    for (i = 0; i < pl.nsegs; i++) {
        struct hls_segment *s = &pl.segs[i];
        total += s->duration;
        printf("%3zu %7.3f %s%s", i, s->duration, s->discontinuity ? "[disc] " : "", s->uri);
        if (s->length)
            printf(" bytes %lld@%lld", s->length, s->offset);
        putchar('\n');
    }
    printf("total %.3f s in %zu segments\n", total, pl.nsegs);
    free(pl.segs);
    return ret < 0;
}
