#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct image {
	unsigned char	*data;
	size_t		 len;
};

struct symrow {
	char		 name[64];
	unsigned long	 value;
	unsigned long	 size;
	int		 bind;
	int		 type;
};

static void *
xmalloc(size_t n)
{
	void *p;

	if ((p = malloc(n)) == NULL) {
		perror("malloc");
		exit(1);
	}
	return p;
}

static int
load_image(const char *path, struct image *img)
{
	FILE *fp;
	long sz;
	int rc = -1;

	if ((fp = fopen(path, "rb")) == NULL)
		return -1;
	if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0)
		goto out;
	rewind(fp);
	img->len = (size_t)sz;
	img->data = xmalloc(img->len);
	if (fread(img->data, 1, img->len, fp) != img->len) {
		free(img->data);
		img->data = NULL;
		goto out;
	}
	rc = 0;
out:
	fclose(fp);
	return rc;
}

static int
check_header(const struct image *img, Elf64_Ehdr *eh)
{
	if (img->len < sizeof(*eh))
		return -1;
	memcpy(eh, img->data, sizeof(*eh));
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0)
		return -1;
	if (eh->e_ident[EI_CLASS] != ELFCLASS64)
		return -1;
	if (eh->e_shentsize != sizeof(Elf64_Shdr))
		return -1;
	if (eh->e_shoff > img->len ||
	    (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > img->len - eh->e_shoff)
		return -1;
	return 0;
}

static int
get_section(const struct image *img, const Elf64_Ehdr *eh, size_t idx,
    Elf64_Shdr *sh)
{
	if (idx >= eh->e_shnum)
		return -1;
	memcpy(sh, img->data + eh->e_shoff + idx * sizeof(*sh), sizeof(*sh));
	if (sh->sh_type != SHT_NOBITS &&
	    (sh->sh_offset > img->len || sh->sh_size > img->len - sh->sh_offset))
		return -1;
	return 0;
}

static void
fill_row(struct symrow *row, const Elf64_Sym *sym, const char *strtab,
    size_t strsz)
{
	const char *nm;
	size_t n;

	if (sym->st_name >= strsz) {
		strcpy(row->name, "?");
	} else {
		nm = strtab + sym->st_name;
		n = strnlen(nm, strsz - sym->st_name);
		if (n >= sizeof(row->name))
			n = sizeof(row->name) - 1;
		memcpy(row->name, nm, n);
		row->name[n] = '\0';
	}
	row->value = sym->st_value;
	row->size = sym->st_size;
	row->bind = ELF64_ST_BIND(sym->st_info);
	row->type = ELF64_ST_TYPE(sym->st_info);
}

int
dump_symbols(const struct image *img)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strsh;
	Elf64_Sym sym;
	struct symrow row;
	size_t i, j, count;
	const char *strtab;

	if (check_header(img, &eh) == -1)
		return -1;
	for (i = 0; i < eh.e_shnum; i++) {
		if (get_section(img, &eh, i, &sh) == -1)
			return -1;
		if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
			continue;
		if (get_section(img, &eh, sh.sh_link, &strsh) == -1)
			return -1;
		if (strsh.sh_type != SHT_STRTAB || strsh.sh_size == 0)
			return -1;
		strtab = (const char *)img->data + strsh.sh_offset;
		count = sh.sh_size / sizeof(Elf64_Sym);
		for (j = 0; j < count; j++) {
			memcpy(&sym, img->data + sh.sh_offset + j * sizeof(sym),
			    sizeof(sym));
			fill_row(&row, &sym, strtab, strsh.sh_size);
			printf("%016lx %6lu %d %d %s\n", row.value, row.size,
			    row.bind, row.type, row.name);
		}
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct image img;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: %s file\n", argv[0]);
		return 2;
	}
	memset(&img, 0, sizeof(img));
	if (load_image(argv[1], &img) == -1) {
		fprintf(stderr, "%s: cannot read\n", argv[1]);
		return 1;
	}
	rc = dump_symbols(&img);
	if (rc == -1)
		fprintf(stderr, "%s: malformed ELF\n", argv[1]);
	free(img.data);
	return rc == -1 ? 1 : 0;
}
