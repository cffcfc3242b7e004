"""nib_library: compiles .xib documents into .nib files with `nibc ibtool`, one action per document."""

def _nib_library_impl(ctx):
    outputs = []
    for src in ctx.files.srcs:
        # Mirror the document's path below the package, so same-named documents do not collide.
        relative = src.short_path[len(ctx.label.package) + 1:] if ctx.label.package else src.short_path
        out = ctx.actions.declare_file(ctx.label.name + "/" + relative[:-len(".xib")] + ".nib")
        ctx.actions.run(
            executable = ctx.executable._nibc,
            arguments = [
                "ibtool",
                "--errors",
                "--warnings",
                "--module",
                ctx.attr.module,
                "--minimum-deployment-target",
                ctx.attr.minimum_os_version,
                "--target-device",
                "iphone",
                "--output-format",
                "human-readable-text",
                "--compile",
                out.path,
                src.path,
            ],
            inputs = [src],
            outputs = [out],
            mnemonic = "NibCompile",
            progress_message = "Compiling %s with nibc" % src.short_path,
        )
        outputs.append(out)
    return [DefaultInfo(files = depset(outputs))]

nib_library = rule(
    implementation = _nib_library_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = [".xib"]),
        "module": attr.string(mandatory = True),
        "minimum_os_version": attr.string(default = "15.0"),
        "_nibc": attr.label(default = "//tools:nibc", executable = True, cfg = "exec", allow_single_file = True),
    },
)
