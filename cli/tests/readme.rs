//! README.md tells players what to type: every `norochess` subcommand it
//! names answers `--help`, every subcommand of the program is described in
//! the README or `docs/commands.md`, and the example lines of its play
//! session run in a scripted session without an error.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn repo_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn norochess(args: &[&str], input: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the norochess binary starts");
    let mut stdin = child.stdin.take().expect("piped standard input");
    if let Some(input) = input {
        stdin.write_all(input.as_bytes()).expect("input written");
    }
    drop(stdin);
    child.wait_with_output().expect("norochess ends")
}

/// The subcommands `norochess --help` lists.
fn subcommands() -> Vec<String> {
    let output = norochess(&["--help"], None);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout).to_string();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// The subcommands a text names as `norochess SUB` or `bin norochess -- SUB`.
fn named_subcommands(text: &str, known: &[String]) -> Vec<String> {
    let mut named = Vec::new();
    for marker in ["norochess ", "norochess -- "] {
        for (at, _) in text.match_indices(marker) {
            let rest = &text[at + marker.len()..];
            let word: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if known.contains(&word) && !named.contains(&word) {
                named.push(word);
            }
        }
    }
    named
}

#[test]
fn every_subcommand_the_readme_names_answers_help_and_every_one_is_documented() {
    let known = subcommands();
    assert!(known.contains(&"play".to_string()), "{known:?}");
    let readme = repo_file("README.md");
    // A command line the README gives to run must name a real subcommand.
    for (at, _) in readme.match_indices("--bin norochess -- ") {
        let word: String = readme[at + "--bin norochess -- ".len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        assert!(
            known.contains(&word),
            "README runs `norochess {word}`, which is not a subcommand ({known:?})"
        );
    }
    let named = named_subcommands(&readme, &known);
    assert!(named.contains(&"play".to_string()), "{named:?}");
    for sub in &named {
        let output = norochess(&[sub, "--help"], None);
        assert!(
            output.status.success(),
            "`norochess {sub} --help` failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !output.stdout.is_empty(),
            "`norochess {sub} --help` printed nothing"
        );
    }
    let documented = format!("{readme}\n{}", repo_file("docs/commands.md"));
    let described = named_subcommands(&documented, &known);
    for sub in &known {
        assert!(
            described.contains(sub),
            "`norochess {sub}` is in the program but neither in README.md nor in docs/commands.md"
        );
    }
}

/// The lines of the README's example session: `prompt> command`.
fn example_commands(readme: &str) -> Vec<String> {
    let start = readme
        .find("Some things to type")
        .expect("the README has its example session");
    let block = &readme[start..];
    let block = &block[block.find("```\n").map(|i| i + 4).unwrap_or(0)..];
    let block = &block[..block.find("```").unwrap_or(block.len())];
    block
        .lines()
        .filter_map(|line| line.split_once("> ").map(|(_, command)| command))
        .map(|command| command.split(" # ").next().unwrap_or("").trim().to_string())
        .filter(|command| !command.is_empty())
        .collect()
}

#[test]
fn the_readmes_example_session_runs_without_an_error() {
    let readme = repo_file("README.md");
    let commands = example_commands(&readme);
    assert!(commands.len() >= 8, "{commands:?}");
    let store = std::env::temp_dir().join(format!("norochess-readme-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&store);
    let script = commands.join("\n") + "\nquit\n";
    let store_arg = store.to_string_lossy().to_string();
    let output = norochess(
        &["play", "--store", &store_arg, "--script", "-"],
        Some(&script),
    );
    let _ = std::fs::remove_dir_all(&store);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Each command is echoed after its prompt; its answer runs to the next
    // echo. None may be refused.
    let mut rest = stdout.as_str();
    for command in &commands {
        let echo = format!("> {command}\n");
        let at = rest
            .find(&echo)
            .unwrap_or_else(|| panic!("`{command}` was not read:\n{stdout}"));
        rest = &rest[at + echo.len()..];
        let answer = &rest[..rest.find("> ").unwrap_or(rest.len())];
        for refusal in [
            "Unknown command",
            "Did you mean",
            "Cannot ",
            "is not a",
            "Illegal",
            "not legal",
        ] {
            assert!(
                !answer.contains(refusal),
                "README example `{command}` was refused: {answer}"
            );
        }
    }
    for expected in ["You play 1. e4", "Frontal chess", "Ann", "Puzzle rating"] {
        assert!(stdout.contains(expected), "no `{expected}` in\n{stdout}");
    }
}
